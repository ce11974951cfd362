import Foundation
import LoginCommandLine
import LoginReplay
import LoginTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A FILE that is not a regular file: a pipe or FIFO can be read only once, so it runs like
/// `-` (line by line, bad lines skipped, exit 2 at the end) with its own name in messages; a
/// directory is a usage error.
@Suite(.hangGuard) struct NonRegularFileTests {
  /// Runs `session` written into a FIFO named as FILE; `FIFO` in the output stands for its path.
  static func throughFIFO(_ session: String, _ options: [String] = []) async throws
    -> ReplayResult
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoginReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("session.fifo").path
    try #require(mkfifo(path, 0o600) == 0)
    let bytes = Data(session.utf8)
    // Opening a FIFO for writing blocks until the reader opens it: a thread of its own.
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.write(bytes)
      try? handle.close()
    }
    writer.start()
    var result = await Replay.command(options + [path])
    result.standardOutput = result.standardOutput.replacingOccurrences(of: path, with: "FIFO")
    result.standardError = result.standardError.replacingOccurrences(of: path, with: "FIFO")
    return result
  }

  @Test func aFIFOIsRunLineByLineNotSkipped() async throws {
    let result = try await Self.throughFIFO("type email ab\nexpect phase succeeded\n")
    #expect(result.status == .expectationFailed)
    #expect(result.standardError == "FIFO:2: expectation failed: expected succeeded, got editing\n")
    #expect(result.standardOutput == "2 actions, 1 expectation: 0 passed, 1 failed\n")
  }

  @Test func aBadLineInAFIFOIsReportedSkippedAndExitsTwo() async throws {
    let result = try await Self.throughFIFO(
      "submt\nexpect phase idle\n", ["--format", "jsonl"])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardError.hasPrefix("FIFO:1:1: error: unknown command"))
    let summary = try #require(try result.jsonObjects(ofType: "summary").first)
    #expect(summary["passed"] as? Int == 1)
    #expect(summary["rejected"] as? Int == 1)
  }

  @Test func aPipeNamedThroughDevFdIsRunToo() async throws {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    let thread = Thread {
      writer.write(Data("expect phase succeeded\n".utf8))
      try? writer.close()
    }
    thread.start()
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    try #require(FileManager.default.fileExists(atPath: path))
    let result = await Replay.command([path])
    try? pipe.fileHandleForReading.close()
    #expect(result.status == .expectationFailed)
    #expect(result.standardOutput == "0 actions, 1 expectation: 0 passed, 1 failed\n")
  }

  @Test func aDirectoryIsAUsageError() async throws {
    let file = try TemporaryFile("expect phase idle\n")
    defer { file.remove() }
    let directory = URL(fileURLWithPath: file.path).deletingLastPathComponent().path
    let result = await Replay.command([directory])
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "error: the session file is a directory; expected a session file\n"
        + "USAGE: login-replay [<options>] <file>\n"
        + "  See 'login-replay --help' for more information.\n")
  }
}
