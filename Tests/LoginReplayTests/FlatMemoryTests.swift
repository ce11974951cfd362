import Foundation
import Testing

@testable import LoginReplay

/// A regression guard for flat memory: the checker and the runner read a pipe fed far more
/// data than any buffer (200,000 lines, about 14 MB, generated on the fly by a writer thread
/// that never holds more than one line), and both complete and count every line. Nothing
/// here measures time or memory; it proves that nothing needs the input whole first.
@Suite(.timeLimit(.minutes(2))) struct FlatMemoryTests {
  static let lineCount = 200_000

  /// A pipe whose writer thread writes `line(number)` for every number from 1 to
  /// ``lineCount``, one line at a time, then closes.
  static func generatedPipe(_ line: @escaping @Sendable (Int) -> String) -> Pipe {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    let thread = Thread {
      for number in 1...lineCount {
        writer.write(Data(line(number).utf8))
      }
      try? writer.close()
    }
    thread.start()
    return pipe
  }

  @Test func theCheckerStreamsAPipe() {
    // Every 1,000th line is wrong; the rest are valid commands with a long quoted text.
    let pipe = Self.generatedPipe { number in
      number % 1_000 == 0
        ? "submt\n" : "set email \"\(String(repeating: "x", count: 40))@example.com\" # \(number)\n"
    }
    let reader = SessionCommandSequence(
      lines: DescriptorLineReader(
        fileDescriptor: pipe.fileHandleForReading.fileDescriptor, fileName: "<pipe>"))
    let errors = SessionChecker.check(reader, limit: Int.max)
    try? pipe.fileHandleForReading.close()
    #expect(errors.count == Self.lineCount / 1_000)
    #expect(errors.last?.location.line == Self.lineCount)
  }

  @Test func theRunnerStreamsAPipe() async throws {
    // Mostly comments (parsed, then skipped), and every 100th line an expectation.
    let pipe = Self.generatedPipe { number in
      number % 100 == 0
        ? "expect phase idle\n" : "# line \(number): \(String(repeating: "-", count: 50))\n"
    }
    let result = await Replay.command(
      ["-", "--format", "jsonl"], standardInput: pipe.fileHandleForReading.fileDescriptor)
    try? pipe.fileHandleForReading.close()
    #expect(result.status == .success, "\(result.standardError.prefix(500))")
    let summary = try #require(try result.jsonObjects(ofType: "summary").first)
    #expect(summary["passed"] as? Int == Self.lineCount / 100)
    #expect(summary["failed"] as? Int == 0)
  }
}
