import Foundation
import LoginTestSupport
import Testing

/// The built `login-replay` executable, run as a child process.
///
/// It is found next to the test runner (`swift build --build-tests` and `swift test` put
/// every product of the package in the same `.build/<triple>/debug` folder), or else in the
/// package's `.build/debug`, found from this file's path.
enum ReplayBinary {
  /// What a finished run printed and returned.
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  static func url() throws -> URL {
    try BuiltProduct.url(named: "login-replay")
  }

  /// Runs the executable with `arguments` to the end, with `input` on its standard input;
  /// standard output goes to `standardOutputPath` when one is given (such as `/dev/full`).
  static func run(
    _ arguments: [String], input: String = "", standardOutputPath: String? = nil
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoginReplayBinary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appendingPathComponent("stdout")
    let errorFile = folder.appendingPathComponent("stderr")
    let inputFile = folder.appendingPathComponent("stdin")
    try Data(input.utf8).write(to: inputFile)
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let process = Process()
    process.executableURL = try url()
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    if let standardOutputPath {
      process.standardOutput = FileHandle(forWritingAtPath: standardOutputPath)
    } else {
      process.standardOutput = try FileHandle(forWritingTo: outputFile)
    }
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
  }

  /// Runs the executable with `arguments` and returns its peak resident memory in
  /// kilobytes (`VmHWM`), read once it has printed its first output: a session that prints
  /// more than a pipe holds is then still running, blocked on its output, with everything
  /// before its first output read and done. (A child's own `ru_maxrss` cannot tell: it
  /// counts the test process's memory from before the child's `exec`.)
  static func peakMemoryAtFirstOutput(_ arguments: [String]) throws -> Int {
    // The session (the last argument) comes on standard input, held open until the peak is
    // read: a run that has printed everything then waits for more input instead of exiting,
    // so its `/proc` entry is still there to read.
    let path = try #require(arguments.last)
    let session = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    let process = Process()
    process.executableURL = try url()
    process.arguments = arguments.dropLast() + ["-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The writer ends the input only once the peak has been read (`peakRead`); meanwhile a
    // long session streams in as the run takes it.
    let peakRead = DispatchSemaphore(value: 0)
    let writer = Thread {
      while let chunk = try? session.read(upToCount: 65_536), !chunk.isEmpty {
        guard (try? input.fileHandleForWriting.write(contentsOf: chunk)) != nil else { break }
      }
      peakRead.wait()
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    defer { process.waitUntilExit() }
    defer { _ = try? output.fileHandleForReading.readToEnd() }
    defer { peakRead.signal() }
    _ = output.fileHandleForReading.availableData
    let status = try String(
      contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = peak?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
    return try #require(kilobytes.flatMap { Int($0) })
  }
}
