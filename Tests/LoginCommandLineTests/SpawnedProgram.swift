import Foundation
import LoginTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One of the package's executables run as a child process with `posix_spawn`, its standard
/// streams set up as a test asks: a file to read back, `/dev/full`, a closed descriptor, or a
/// pipe whose reader is gone.
struct SpawnedProgram {
  /// Where a child's standard output or error goes.
  enum Stream: Sendable, CustomStringConvertible {
    /// A temporary file, read back after the run.
    case captured
    /// `/dev/full`: every write fails with `ENOSPC`.
    case full
    /// The descriptor is closed in the child (`2>&-`).
    case closed
    /// A pipe whose read end is closed before the child starts: a write fails with `EPIPE`.
    case closedPipe

    var description: String {
      switch self {
      case .captured: "captured"
      case .full: "/dev/full"
      case .closed: "closed"
      case .closedPipe: "a pipe without a reader"
      }
    }
  }

  /// How a run ended and what it printed where it was captured.
  struct Result {
    /// The exit status, or `nil` when a signal ended the child.
    var status: Int32?
    /// The signal that ended the child, if one did.
    var signal: Int32?
    var standardOutput: String
    var standardError: String

    /// The lines of standard error.
    var errorLines: [Substring] { standardError.split(separator: "\n") }
  }

  /// A failure to start the child.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs the executable `name` with `arguments` to its end, standard input on `/dev/null`.
  static func run(
    _ name: String, _ arguments: [String], output: Stream = .captured,
    error: Stream = .captured
  ) throws -> Result {
    let path = try BuiltProduct.url(named: name).path
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let outputPath = folder.path("stdout")
    let errorPath = folder.path("stderr")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var pipeEnds: [Int32] = [-1, -1]
    defer { for end in pipeEnds where end >= 0 { close(end) } }
    for (descriptor, stream, file) in [(Int32(1), output, outputPath), (2, error, errorPath)] {
      switch stream {
      case .captured:
        posix_spawn_file_actions_addopen(
          &actions, descriptor, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      case .full:
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/full", O_WRONLY, 0)
      case .closed:
        posix_spawn_file_actions_addclose(&actions, descriptor)
      case .closedPipe:
        guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: "pipe failed") }
        // The reader is gone before the child writes anything.
        close(pipeEnds[0])
        pipeEnds[0] = -1
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], descriptor)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
      }
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // A crash is reported without the runtime's backtrace, which takes seconds.
    let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"])
    { $1 }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for entry in envp { free(entry) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw SpawnError(description: "posix_spawn failed: \(String(cString: strerror(spawned)))")
    }
    if pipeEnds[1] >= 0 {
      close(pipeEnds[1])
      pipeEnds[1] = -1
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { throw SpawnError(description: "waitpid failed") }
    }
    // WIFEXITED / WTERMSIG, which Swift does not import.
    let signal = status & 0x7F
    let read = { (file: String) in
      (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }
    return Result(
      status: signal == 0 ? (status >> 8) & 0xFF : nil,
      signal: signal == 0 ? nil : signal,
      standardOutput: read(outputPath), standardError: read(errorPath))
  }
}
