import Foundation
import LoginHTTP
import LoginReplay
import LoginRuntime

/// The whole `login-tui` command as a function; the executable only calls it and exits.
public enum TerminalCommand {
  /// What is printed when standard input or output is not a terminal.
  public static let notATerminalMessage =
    "error: login-tui needs a terminal on standard input and output. To drive the login "
    + "screen from a script or a pipe, use 'login-replay -' (see Docs/SessionFormat.md)."

  /// Runs `login-tui` with `arguments` (without the program name) and returns its exit
  /// status: 0 when the user quits, 2 for a usage error or without a terminal, 3 when
  /// `--remember` finds a session file it must refuse, 128 + n after signal n.
  public static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
    let options: TerminalOptions
    do {
      switch try TerminalOptions.parse(arguments) {
      case .help:
        write(TerminalOptions.helpText + "\n", to: .standardOutput)
        return TerminalExitCode.success.rawValue
      case .version:
        write(TerminalOptions.versionText + "\n", to: .standardOutput)
        return TerminalExitCode.success.rawValue
      case .run(let parsed):
        options = parsed
      }
    } catch {
      write(error.report + "\n", to: .standardError)
      return TerminalExitCode.usageError.rawValue
    }
    guard TerminalDevice.isInteractive else {
      write(notATerminalMessage + "\n", to: .standardError)
      return TerminalExitCode.usageError.rawValue
    }
    let service: any AuthService
    switch options.auth {
    case .demo:
      service = DemoAuthService(delay: options.demoDelay)
    case .url(let endpoint):
      do {
        service = try HTTPAuthService(
          .init(
            endpoint: endpoint,
            wireFormat: options.authFormat.wireFormat(clientID: options.clientID),
            timeout: HTTPAuthService.Configuration.timeout(forStoreTimeout: options.timeout)))
      } catch {
        write("error: \(error)\n", to: .standardError)
        return TerminalExitCode.usageError.rawValue
      }
    }
    let store: LoginStore
    if options.remember {
      let path: String
      do {
        path = try FileSessionStore.defaultPath(environment: environment)
      } catch {
        write("error: \(error)\n", to: .standardError)
        return TerminalExitCode.sessionFileRefused.rawValue
      }
      store = LoginStore(
        service: service, timeout: options.timeout, sessionStore: FileSessionStore(path: path))
      // Restored before the first frame, so a remembered login opens logged in.
      if let problem = await store.restoreSession() {
        write("\(problem.isRefusal ? "error" : "warning"): \(problem)\n", to: .standardError)
        if problem.isRefusal {
          await store.close()
          return TerminalExitCode.sessionFileRefused.rawValue
        }
      }
    } else {
      store = LoginStore(service: service, timeout: options.timeout)
    }
    let device: TerminalDevice
    do {
      device = try TerminalDevice.enter(drawing: !options.screenReader)
    } catch {
      await store.close()
      write("error: the terminal could not be set up (\(error))\n", to: .standardError)
      return TerminalExitCode.terminalFailed.rawValue
    }
    var loop = await TerminalLoop(
      store: store, device: device, options: options,
      color: ColorSupport.isEnabled(environment: environment))
    return await loop.run()
  }

  private static func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
