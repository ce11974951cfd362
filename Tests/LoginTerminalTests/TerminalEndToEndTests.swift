import Foundation
import LoginRuntime
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

  @Test func demoLoginThenLogoutThenQuitRestoresTheTerminal() throws {
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

  @Test func aWrongPasswordShowsTheErrorAndEscDismissesIt() throws {
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

  @Test func aResizeRedrawsAtTheNewWidthAndATinyTerminalGetsAMessage() throws {
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

  @Test func ctrlCDuringARequestRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal(["--demo-delay", "60s"])
    try Self.typeCredentials(terminal, password: DemoAuthService.password)
    terminal.send("\r")
    try terminal.waitFor("Signing in")
    terminal.send("\u{03}")
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.attributesRestored)
    #expect(terminal.recent.hasSuffix(Self.restoreSequence))
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aTerminatingSignalRestoresTheTerminal(_ signal: Int32) throws {
    let terminal = try PseudoTerminal(["--demo-delay", "60s"])
    try Self.typeCredentials(terminal, password: DemoAuthService.password)
    terminal.send("\r")
    try terminal.waitFor("Signing in")
    kill(terminal.pid, signal)
    #expect(try terminal.waitForExit() == 128 + signal)
    #expect(terminal.attributesRestored)
    #expect(terminal.recent.hasSuffix(Self.restoreSequence))
  }

  @Test func theScreenReaderModeSpeaksTheScreenAndEachChangeOnce() throws {
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

  @Test func withoutATerminalItExitsTwoAndPointsToLoginReplay() throws {
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
