import Foundation
import LoginCommandLine
import LoginReplay

/// What one in-process run of `login-replay` printed and returned.
struct ReplayResult {
  var status: ExitCode
  var standardOutput: String
  var standardError: String

  /// The standard output's lines (without the final empty one).
  var outputLines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// The screens of the text format's snapshots, without their headers.
  var screens: [String] {
    var screens: [String] = []
    var current: [String]?
    for line in outputLines {
      if line.hasPrefix("--- line ") {
        current = []
      } else if line.isEmpty, let lines = current {
        screens.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return screens
  }

  /// Standard output's JSON lines, decoded.
  func jsonObjects() throws -> [[String: Any]] {
    try outputLines.map { line in
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      guard let object = value as? [String: Any] else {
        throw HarnessError(description: "not a JSON object: \(line)")
      }
      return object
    }
  }

  /// The JSON objects of one `"type"`.
  func jsonObjects(ofType type: String) throws -> [[String: Any]] {
    try jsonObjects().filter { $0["type"] as? String == type }
  }
}

struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// Runs `login-replay` in this process, as the executable would, with captured output.
enum Replay {
  /// Runs the command line `arguments`.
  static func command(_ arguments: [String], standardInput: Int32 = 0) async -> ReplayResult {
    let output = CapturedOutput()
    let status = await ReplayCommand.run(arguments, output: output, standardInput: standardInput)
    return ReplayResult(
      status: status, standardOutput: output.standardOutput,
      standardError: output.standardError)
  }

  /// Writes `session` to a temporary file and runs it with `options`; `FILE` in the output
  /// stands for the file's path.
  static func session(_ session: String, _ options: [String] = []) async throws -> ReplayResult {
    let file = try TemporaryFile(session)
    defer { file.remove() }
    var result = await command(options + [file.path])
    result.standardOutput = result.standardOutput.replacingOccurrences(of: file.path, with: "FILE")
    result.standardError = result.standardError.replacingOccurrences(of: file.path, with: "FILE")
    return result
  }

  /// Runs `session` as standard input (`-`) through a pipe.
  static func standardInput(_ session: String, _ options: [String] = []) async -> ReplayResult {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    let bytes = Data(session.utf8)
    // A writer thread, so that a session larger than the pipe's buffer cannot block.
    let thread = Thread {
      writer.write(bytes)
      try? writer.close()
    }
    thread.start()
    let result = await command(
      options + ["-"], standardInput: pipe.fileHandleForReading.fileDescriptor)
    try? pipe.fileHandleForReading.close()
    return result
  }
}

/// The demo account's lines, typed.
let demoLogin = """
  type email demo@example.com
  type password Password123!

  """
