import LoginCommandLine
import LoginHTTP
import LoginRuntime

/// The whole `login-tui` command as a function; the executable only calls it and exits.
public enum TerminalCommand {
  /// What is printed when standard input or output is not a terminal.
  public static let notATerminalMessage =
    "error: login-tui needs a terminal on standard input and output. To drive the login "
    + "screen from a script or a pipe, use 'login-replay -' (see Docs/SessionFormat.md)."

  /// What is printed for `TERM=dumb` without `--screen-reader`: such a terminal cannot draw
  /// the screen, and the screen-reader mode writes plain lines, one per change.
  public static let dumbTerminalMessage =
    "error: TERM=dumb cannot draw the login screen (it moves the cursor). Run "
    + "'login-tui --screen-reader' for plain lines, one per change, or 'login-replay -'."

  /// Runs `login-tui` with `arguments` (without the program name) and returns its exit
  /// status: 0 when the user quits, 1 when the terminal fails, 2 for a usage error, without
  /// a terminal or when `--remember` finds a session file it must refuse, 3 when `--help` or
  /// `--version` cannot be written, 128 + n after signal n.
  ///
  /// - Parameters:
  ///   - arguments: The command line, such as `["--ascii"]`.
  ///   - environment: The process's environment (`XDG_STATE_HOME`, `HOME`, `NO_COLOR`, …).
  ///   - output: Where the help, the version and diagnostics go; the screen itself is drawn
  ///     on the terminal (``TerminalDevice``).
  public static func run(
    _ arguments: [String], environment: [String: String], output: any CommandOutput
  ) async -> ExitCode {
    let options: TerminalOptions
    do {
      switch try TerminalOptions.parse(arguments) {
      case .help:
        output.writeLine(TerminalOptions.helpText)
        return output.finish(.success)
      case .version:
        output.writeLine(TerminalOptions.versionText)
        return output.finish(.success)
      case .run(let parsed):
        options = parsed
      }
    } catch {
      output.writeErrorLine(error.report)
      return .usageOrInputError
    }
    guard TerminalDevice.isInteractive else {
      output.writeErrorLine(notATerminalMessage)
      return .usageOrInputError
    }
    let dumb = environment["TERM"] == "dumb"
    if dumb, !options.screenReader {
      output.writeErrorLine(dumbTerminalMessage)
      return .usageOrInputError
    }
    let service: any AuthService
    switch options.auth {
    case .demo:
      service = DemoAuthService(delay: options.demoDelay)
    case .url(let endpoint):
      do {
        service = try options.authFormat.service(
          endpoint: endpoint, deviceURL: options.deviceURL, clientID: options.clientID,
          scope: options.scope, storeTimeout: options.timeout)
      } catch {
        output.writeErrorLine("error: \(error)")
        return .usageOrInputError
      }
    }
    let store: LoginStore
    if options.remember {
      let path: String
      do {
        path = try FileSessionStore.defaultPath(environment: environment)
      } catch {
        output.writeErrorLine("error: \(error)")
        return .usageOrInputError
      }
      store = LoginStore(
        service: service, timeout: options.timeout, sessionStore: FileSessionStore(path: path))
      // Restored before the first frame, so a remembered login opens logged in.
      if let problem = await store.restoreSession() {
        output.writeErrorLine("\(problem.isRefusal ? "error" : "warning"): \(problem)")
        if problem.isRefusal {
          await store.close()
          return .usageOrInputError
        }
      }
    } else {
      store = LoginStore(service: service, timeout: options.timeout)
    }
    // Device login starts at launch, as `gh auth login` does (unless a remembered login
    // opened the screen logged in: the control then does nothing).
    if options.authFormat == .device { await store.send(.deviceLoginTapped) }
    let device: TerminalDevice
    do {
      device = try TerminalDevice.enter(drawing: !options.screenReader, bracketedPaste: !dumb)
    } catch {
      await store.close()
      output.writeErrorLine("error: the terminal could not be set up (\(error))")
      return .terminalFailed
    }
    var loop = await TerminalLoop(
      store: store, device: device, options: options,
      color: ColorSupport.isEnabled(environment: environment))
    return await loop.run()
  }
}
