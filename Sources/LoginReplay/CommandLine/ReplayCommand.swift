import LoginCommandLine
import LoginRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole `login-replay` command as a function: parse the command line, check the
/// session, run it, print, and return the exit status.
///
/// The executable is a thin wrapper around ``run(_:output:standardInput:)``; tests and other
/// front ends call it directly with a ``CapturedOutput``.
public enum ReplayCommand {
  /// Runs `login-replay` with `arguments` (without the program name).
  ///
  /// - `--help` and `--version` print on standard output and return 0 (3 when standard
  ///   output cannot be written, as for any run).
  /// - A usage error prints `error: …`, the usage line and a pointer to `--help` on standard
  ///   error and returns 2; so does an option the run cannot be set up with, such as an
  ///   insecure `--auth` URL.
  /// - A FILE is checked whole first: with any error (at most 20 are listed, as
  ///   `FILE:LINE:COLUMN: error: MESSAGE`) nothing runs and the result is 2. Then its commands
  ///   are streamed, one line at a time. A FILE that is not a regular file (a pipe, FIFO or
  ///   device) can be read only once, so it runs like `-`; a directory is a usage error.
  /// - Before the first command the run launches like an app: the remembered session (in
  ///   memory, or the `--session-file`) is restored. A session file the store refuses (other
  ///   users can read it, another user owns it, it is not a regular file) prints
  ///   `error: …`, runs nothing and returns 2.
  /// - `-` reads `standardInput` line by line on a thread of its own; a bad line is reported
  ///   and skipped, and the result is then 2.
  /// - Otherwise the result is 1 when an expectation failed, else 0.
  /// - With `--coverage`, each session (several may be given) runs in turn on a fresh store,
  ///   printed as it would be alone; then the transition table's cells they ran together are
  ///   reported (see ``TransitionCoverage``), and the result is the worst of the sessions'.
  ///
  /// - Parameters:
  ///   - arguments: The command line, such as `["--format", "jsonl", "demo.login"]`.
  ///   - output: Where to print.
  ///   - standardInput: The descriptor `-` reads (0, standard input, by default).
  public static func run(
    _ arguments: [String], output: any ReplayOutput, standardInput: Int32 = 0
  ) async -> ExitCode {
    let options: ReplayOptions
    do {
      switch try ReplayOptions.parse(arguments) {
      case .help:
        output.writeLine(ReplayOptions.helpText)
        return output.finish(.success)
      case .version:
        output.writeLine(ReplayOptions.versionText)
        return output.finish(.success)
      case .run(let parsed):
        options = parsed
      }
    } catch {
      output.writeErrorLine(error.report)
      return .usageOrInputError
    }
    // On one thread: the hand-offs between the runner, the store's calls and timers and the
    // virtual clock queue a job on the thread already running, not a wake of another core.
    let executor = OneThreadExecutor()
    defer { executor.shutDown() }
    return await withTaskExecutorPreference(executor) {
      guard options.coverage else {
        guard let runner = makeRunner(options, output: output, executor: executor) else {
          return .usageOrInputError
        }
        return await run(
          options.input, realAuth: options.auth != .demo, runner: runner, output: output,
          standardInput: standardInput)
      }
      return await runWithCoverage(
        options, output: output, standardInput: standardInput, executor: executor)
    }
  }

  /// The runner `options` ask for, or `nil` after reporting why it cannot be set up.
  private static func makeRunner(
    _ options: ReplayOptions, output: any ReplayOutput, executor: OneThreadExecutor
  ) -> SessionRunner? {
    do {
      return try SessionRunner(options: options, output: output, taskExecutor: executor)
    } catch {
      output.writeErrorLine("error: \(error.message)")
      return nil
    }
  }

  /// Runs one session, from a FILE or from `standardInput`, through `runner`.
  private static func run(
    _ input: ReplayOptions.Input, realAuth: Bool, runner: SessionRunner,
    output: any ReplayOutput, standardInput: Int32
  ) async -> ExitCode {
    switch input {
    case .file(let path):
      return await runFile(path, realAuth: realAuth, runner: runner, output: output)
    case .standardInput:
      guard await launch(runner, output: output) else { return .usageOrInputError }
      return await runStream(
        standardInput, fileName: SourceLocation.standardInputName, runner: runner)
    }
  }

  /// Launches `runner` (it restores the remembered session); a session store that refuses
  /// what it keeps is reported as `error: …` and nothing runs. Returns whether to run.
  private static func launch(_ runner: SessionRunner, output: any ReplayOutput) async -> Bool {
    guard let refusal = await runner.launch() else { return true }
    output.writeErrorLine("error: \(ReplayFormatter.describe(refusal))")
    await runner.abandon()
    return false
  }

  /// `--coverage`: runs every session in turn, each on a fresh store and printed as it would
  /// be alone, then the cells they ran together. The status is the worst of the sessions'.
  private static func runWithCoverage(
    _ options: ReplayOptions, output: any ReplayOutput, standardInput: Int32,
    executor: OneThreadExecutor
  ) async -> ExitCode {
    var coverage = TransitionCoverage()
    var status = ExitCode.success
    for input in options.inputs {
      guard let runner = makeRunner(options, output: output, executor: executor) else {
        return .usageOrInputError
      }
      let sessionStatus = await run(
        input, realAuth: options.auth != .demo, runner: runner, output: output,
        standardInput: standardInput)
      status = status.worse(sessionStatus)
      coverage.add(runner.coverage)
      // Output that can no longer be written ends the command, as it ends a session.
      guard output.failure == nil else { return status }
    }
    output.writeLine(ReplayFormatter.coverage(coverage, format: options.format))
    return output.finish(status)
  }

  /// Runs a stream (standard input, or a FILE that is not a regular file) line by line: a
  /// bad line is reported and skipped.
  private static func runStream(
    _ descriptor: Int32, fileName: String, runner: SessionRunner
  ) async -> ExitCode {
    await run(ThreadedCommandSource(fileDescriptor: descriptor, fileName: fileName), runner)
  }

  /// The one loop of a run: every command of `source`, in order, until the session ends or
  /// the output closes.
  private static func run(_ source: some CommandSource, _ runner: SessionRunner) async
    -> ExitCode
  {
    while !runner.isOutputClosed, let line = await source.next() { await runner.run(line) }
    return await runner.finish()
  }

  /// Checks a regular file whole, then runs it, read again as a stream. A pipe, FIFO or
  /// device named as FILE can be read only once, so it runs like `-`; a directory is a usage
  /// error.
  private static func runFile(
    _ path: String, realAuth: Bool, runner: SessionRunner, output: any ReplayOutput
  ) async -> ExitCode {
    do {
      switch try OpenedSessionFile.open(path) {
      case .regular(let lines):
        let errors = SessionChecker.check(
          SessionCommandSequence(lines: lines), realAuth: realAuth)
        guard errors.isEmpty else {
          for error in errors { output.writeErrorLine(error.description) }
          return .usageOrInputError
        }
        guard await launch(runner, output: output) else { return .usageOrInputError }
        // A line that fails now (the file changed or became unreadable since the check) is
        // reported and skipped.
        return await run(try SessionCommandSequence(path: path), runner)
      case .directory:
        output.writeErrorLine(ReplayOptions.command.error(.directory).report)
        return .usageOrInputError
      case .stream(let descriptor):
        defer { _ = close(descriptor) }
        guard await launch(runner, output: output) else { return .usageOrInputError }
        return await runStream(descriptor, fileName: path, runner: runner)
      }
    } catch {
      output.writeErrorLine(error.description)
      return .usageOrInputError
    }
  }
}
