import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times the start-up of `login-replay` against `startup-baseline`: both found next to
/// `login-bench` (the same build directory), spawned in turn with `posix_spawn`, each run
/// from its spawn to its exit, output on `/dev/null`.
struct StartupTimer {
  /// The program whose start-up is budgeted, and what it is asked: the most trivial run of it.
  static let measured = (name: "login-replay", arguments: ["--version"])
  /// The baseline: a program that loads Foundation and FoundationNetworking and prints hello.
  static let baseline = (name: "startup-baseline", arguments: [String]())

  /// Each run's time, in milliseconds, of both programs.
  struct Times: Sendable {
    /// `login-replay --version`.
    var measured: [Double]
    /// `startup-baseline`.
    var baseline: [Double]
  }

  /// The directory both programs are looked for in.
  let directory: String

  /// A timer for the programs next to the running executable; `nil` when its path cannot be
  /// found.
  init?() {
    guard let executable = Self.executablePath() else { return nil }
    directory = URL(fileURLWithPath: executable).deletingLastPathComponent().path
  }

  /// The running executable's path: `/proc/self/exe` on Linux, else `Bundle.main`'s.
  private static func executablePath() -> String? {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
    return Bundle.main.executableURL?.path
  }

  /// The path of the program `name` in ``directory``.
  func path(of name: String) -> String {
    URL(fileURLWithPath: directory).appendingPathComponent(name).path
  }

  /// Runs each program once untimed (so that both start from a warm page cache), then `runs`
  /// times each, in the order A B, B A, A B…, so that both see the same machine.
  ///
  /// - Returns: The times, or why they could not be taken: a program missing or not
  ///   executable, one that failed to start or exited with another status than 0.
  func measure(runs: Int) -> Result<Times, StartupFailure> {
    let measuredPath = path(of: Self.measured.name)
    let baselinePath = path(of: Self.baseline.name)
    for (name, path) in [(Self.measured.name, measuredPath), (Self.baseline.name, baselinePath)]
    where !FileManager.default.isExecutableFile(atPath: path) {
      return .failure(
        StartupFailure(
          "\(name) not found next to login-bench (\(path)): build it in the same "
            + "configuration, e.g. swift build -c release --product \(name)"))
    }
    var times = Times(measured: [], baseline: [])
    do throws(StartupFailure) {
      _ = try Self.time(measuredPath, Self.measured.arguments)
      _ = try Self.time(baselinePath, Self.baseline.arguments)
      for run in 0..<runs {
        let measuredFirst = run.isMultiple(of: 2)
        if measuredFirst {
          times.measured.append(try Self.time(measuredPath, Self.measured.arguments))
        }
        times.baseline.append(try Self.time(baselinePath, Self.baseline.arguments))
        if !measuredFirst {
          times.measured.append(try Self.time(measuredPath, Self.measured.arguments))
        }
      }
    } catch {
      return .failure(error)
    }
    return .success(times)
  }

  /// Spawns `path` with `arguments`, standard input and output on `/dev/null`, waits for it
  /// to exit, and returns the time that took in milliseconds.
  ///
  /// - Throws: A ``StartupFailure`` when it cannot be spawned or does not exit with 0.
  private static func time(_ path: String, _ arguments: [String]) throws(StartupFailure)
    -> Double
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
    let envp = environment + [nil]
    defer { for entry in envp { free(entry) } }
    let clock = ContinuousClock()
    let start = clock.now
    var child: pid_t = 0
    let spawned = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw StartupFailure("cannot spawn \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { throw StartupFailure("waitpid failed for \(path)") }
    }
    let elapsed = start.duration(to: clock.now)
    // WIFEXITED and WEXITSTATUS, which Swift does not import: no signal, status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw StartupFailure("\(path) \(arguments.joined(separator: " ")) failed (status \(status))")
    }
    return BenchFormat.milliseconds(elapsed)
  }
}
