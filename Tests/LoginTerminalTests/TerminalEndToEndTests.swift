import Foundation
import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `login-tui` on a pseudo-terminal: what a user types, what the screen shows, and
/// the terminal restored exactly on every way out.
@Suite(.serialized) struct TerminalEndToEndTests {
  /// What the program writes last: bracketed paste off, cursor shown, main screen.
  static let restoreSequence = "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

  /// Types the demo account (the email is focused first).
  static func typeCredentials(_ terminal: PseudoTerminal, password: String) throws {
    try terminal.waitFor("Secure access to your account")
    terminal.send(DemoAuthService.email)
    try terminal.waitFor(DemoAuthService.email)
    terminal.send("\t" + password)
    try terminal.waitFor(String(repeating: "•", count: password.count))
  }

  @Test func demoLoginThenLogoutThenQuitRestoresTheTerminal() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--demo-delay", "0.2s"])
      try terminal.waitFor("\u{1B}[?1049h")
      try Self.typeCredentials(terminal, password: DemoAuthService.password)
      terminal.send("\r")
      try terminal.waitFor("Signing in")
      try terminal.waitFor("Login successful")
      try terminal.waitFor("Log Out")
      terminal.send("\r")  // the focus moved to Log Out
      let afterLogout = try terminal.waitFor("Log In")
      #expect(!afterLogout.contains("Login successful"))
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
      #expect(terminal.recent.hasSuffix(Self.restoreSequence))
      #expect(!String(decoding: terminal.output, as: UTF8.self).contains(DemoAuthService.password))
      #expect(!String(decoding: terminal.output, as: UTF8.self).contains(DemoAuthService.token))
    }
  }

  @Test func theCodeStepTakesDigitsChecksTheLastAndEscGoesBack() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--demo-delay", "0.2s"])
      try terminal.waitFor("Secure access to your account")
      terminal.send(DemoAuthService.secondFactorEmail + "\t" + DemoAuthService.password + "\r")
      try terminal.waitFor("Enter your code")
      try terminal.waitFor("Resend code in 0:")
      terminal.send("00a0 000")  // a letter and a blank are dropped; the sixth digit checks
      try terminal.waitFor("Checking code")
      try terminal.waitFor("That code is incorrect.")
      terminal.send("\u{1B}")  // Esc: back to the form, the password gone
      let form = try terminal.waitFor("Log In")
      #expect(!form.contains("Enter your code"))
      terminal.send(DemoAuthService.password + "\r")  // the focus is on the password
      try terminal.waitFor("Enter your code")
      terminal.send(DemoAuthService.acceptedCode)
      try terminal.waitFor("Login successful")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
      let output = String(decoding: terminal.output, as: UTF8.self)
      #expect(!output.contains(DemoAuthService.password))
      #expect(!output.contains(DemoAuthService.challengeID))
      #expect(!output.contains(DemoAuthService.token))
    }
  }

  @Test func aWrongPasswordShowsTheErrorAndEscDismissesIt() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--demo-delay", "0.2s"])
      try Self.typeCredentials(terminal, password: "wrong-password")
      terminal.send("\r")
      try terminal.waitFor("The email or password is incorrect.")
      try terminal.waitFor("Secure access to your account")
      terminal.send("\u{1B}")
      let next = try terminal.waitFor("Secure access to your account")
      #expect(!next.contains("incorrect"))
      #expect(next.contains("Log In"))
      terminal.send("\u{04}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  @Test func aResizeRedrawsAtTheNewWidthAndATinyTerminalGetsAMessage() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([], columns: 100, rows: 40)
      try terminal.waitFor("╭" + String(repeating: "─", count: 58) + "╮")
      try terminal.resize(
        columns: 40, rows: 40, thenWaitFor: "╭" + String(repeating: "─", count: 36) + "╮")
      try terminal.resize(columns: 20, rows: 10, thenWaitFor: "Terminal too small")
      try terminal.resize(
        columns: 50, rows: 30, thenWaitFor: "╭" + String(repeating: "─", count: 46) + "╮")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  @Test func ctrlCDuringARequestRestoresTheTerminal() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--demo-delay", "60s"])
      try Self.typeCredentials(terminal, password: DemoAuthService.password)
      terminal.send("\r")
      try terminal.waitFor("Signing in")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
      #expect(terminal.recent.hasSuffix(Self.restoreSequence))
    }
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aTerminatingSignalRestoresTheTerminal(_ signal: Int32) async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--demo-delay", "60s"])
      try Self.typeCredentials(terminal, password: DemoAuthService.password)
      terminal.send("\r")
      try terminal.waitFor("Signing in")
      kill(terminal.pid, signal)
      #expect(try terminal.waitForExit() == 128 + signal)
      #expect(terminal.attributesRestored)
      #expect(terminal.recent.hasSuffix(Self.restoreSequence))
    }
  }

  @Test func theScreenReaderModeSpeaksTheScreenAndEachChangeOnce() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--screen-reader", "--demo-delay", "0.2s"])
      try terminal.waitFor("Email address, text field, empty")
      try terminal.waitFor("Focus: Email address, text field, empty")
      terminal.send(DemoAuthService.email + "\t")
      try terminal.waitFor("Focus: Password, secure text field, empty")
      terminal.send(DemoAuthService.password + "\r")
      let spoken = try terminal.waitFor("Login successful")
      #expect(spoken.components(separatedBy: "Signing in").count == 2)
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
      let everything = String(decoding: terminal.output, as: UTF8.self)
      #expect(!everything.contains(DemoAuthService.password))
      #expect(!everything.contains("\u{1B}[?1049h"))
    }
  }

  @Test func rememberKeepsTheSessionUntilLogout() async throws {
    try await onItsOwnThread {
      let state = try TemporaryDirectory()
      defer { state.remove() }
      let environment = ["XDG_STATE_HOME=\(state.path)"]
      let path = state.path("loginflow", "session.json")
      let first = try PseudoTerminal(
        ["--remember", "--demo-delay", "0.1s"], environment: environment)
      try Self.typeCredentials(first, password: DemoAuthService.password)
      first.send("\r")
      try first.waitFor("Log Out")
      first.send("\u{03}")
      #expect(try first.waitForExit() == 0)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect(attributes[.posixPermissions] as? Int == 0o600)
      let contents = try String(contentsOfFile: path, encoding: .utf8)
      #expect(!contents.contains(DemoAuthService.password))

      // The second launch opens logged in; its logout removes the file.
      let second = try PseudoTerminal(["--remember"], environment: environment)
      let screen = try second.waitFor("Log Out")
      #expect(screen.contains("Login successful"))
      #expect(!screen.contains("Log In"))
      second.send("\r")  // the focus is on Log Out
      try second.waitFor("Log In")
      second.send("\u{03}")
      #expect(try second.waitForExit() == 0)
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(!String(decoding: second.output, as: UTF8.self).contains(DemoAuthService.token))

      // Without --remember, nothing is read.
      try FileSessionStore(path: path).save(
        StoredSession(token: "t", expiresAt: Timestamp(sinceEpoch: .seconds(Int64.max))))
      let third = try PseudoTerminal([], environment: environment)
      try third.waitFor("Log In")
      third.send("\u{03}")
      #expect(try third.waitForExit() == 0)
    }
  }

  @Test func rememberRefusesASessionFileOthersCanRead() async throws {
    try await onItsOwnThread {
      let state = try TemporaryDirectory()
      defer { state.remove() }
      let path = state.path("loginflow", "session.json")
      try FileSessionStore(path: path).save(
        StoredSession(token: "tok-SECRET", expiresAt: Timestamp(sinceEpoch: .seconds(Int64.max))))
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
      let terminal = try PseudoTerminal(
        ["--remember"], environment: ["XDG_STATE_HOME=\(state.path)"])
      try terminal.waitFor("chmod 600")
      #expect(try terminal.waitForExit() == 2)
      let printed = String(decoding: terminal.output, as: UTF8.self)
      #expect(printed.contains("error: the session file \(path) can be read or changed by other"))
      #expect(printed.contains("chmod 600"))
      #expect(!printed.contains("tok-SECRET"))
      #expect(!printed.contains("\u{1B}[?1049h"))  // nothing was drawn
    }
  }

  @Test func withoutATerminalItExitsTwoAndPointsToLoginReplay() async throws {
    try await onItsOwnThread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try TerminalBinary.path())
      process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = Pipe()
      try process.run()
      let message = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 2)
      #expect(String(decoding: message, as: UTF8.self).contains("login-replay -"))
    }
  }
}
