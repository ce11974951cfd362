import Foundation
import LoginFlow
import LoginRuntime
import LoginTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real `login-tui` on a pseudo-terminal: readline editing at a visible caret, the hint
/// line, hostile bytes that must not hold the program, job control and every signal that
/// must leave the terminal as it was.
@Suite(.serialized) struct TerminalEditingEndToEndTests {
  static let restoreSequence = TerminalEndToEndTests.restoreSequence

  @Test func editingAtTheCaretAsReadlineDoes() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([])
      try terminal.waitFor("Tab next · Enter sign in · Esc cancel · Ctrl-C quit")
      terminal.send("abc")
      try terminal.waitFor("abc")
      terminal.send("\u{1B}[D\u{1B}[DX")  // Left, Left, X
      try terminal.waitFor("aXbc")
      let afterX = try #require(PseudoTerminal.cursor(in: terminal.waitFor("\u{1B}[?25h")))
      terminal.send("\u{1B}[HZ")  // Home, Z
      try terminal.waitFor("ZaXbc")
      let afterZ = try #require(PseudoTerminal.cursor(in: terminal.waitFor("\u{1B}[?25h")))
      // The caret was after X (the third character); it is now after Z (the first).
      #expect(afterZ.row == afterX.row)
      #expect(afterX.column - afterZ.column == 1)
      terminal.send("\u{05}@example.com")  // Ctrl-E, then more
      try terminal.waitFor("ZaXbc@example.com")
      terminal.send("\u{17}")  // Ctrl-W deletes the word before the caret
      let afterWord = try terminal.waitFor("ZaXbc@example. ")
      #expect(!afterWord.hasSuffix("ZaXbc@example.com"))
      try terminal.resize(
        columns: 40, rows: 40, thenWaitFor: "Tab next · Enter sign in · Ctrl-C quit")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  /// Each of the attack's inputs, then one Ctrl-C: the program quits at once, the terminal
  /// as it was.
  @Test(arguments: [
    [0xE2, 0x03], Array("\u{1B}[32;".utf8) + [0x03], [0xE9, 0x0D, 0x03],
  ])
  func aBrokenSequenceThenCtrlCQuits(_ bytes: [UInt8]) async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([])
      try terminal.waitFor("Secure access to your account")
      terminal.send(bytes: bytes)
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
      #expect(terminal.recent.hasSuffix(Self.restoreSequence))
    }
  }

  @Test func anUnterminatedTwentyMegabytePasteThenCtrlCQuits() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([])
      try terminal.waitFor("Secure access to your account")
      terminal.send("\u{1B}[200~")
      let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
      for _ in 0..<20 { terminal.send(bytes: chunk) }
      terminal.send(bytes: [0x03])
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  /// `kill -TSTP` under a shell: the shell's terminal back while stopped; after `fg`, raw
  /// mode, the screen drawn again, and keys work. Ctrl-Z stops it the same way.
  @Test func aStopGivesTheTerminalBackAndFgRedraws() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([], underAShell: true)
      try terminal.waitFor("Secure access to your account")
      terminal.send("ab")
      try terminal.waitFor("ab")
      let program = try #require(terminal.programPID)
      #expect(program != terminal.pid)
      kill(program, SIGTSTP)
      let stopped = try terminal.waitFor("[stopped 148]")
      #expect(stopped.contains(Self.restoreSequence))
      #expect(terminal.attributesRestored)
      terminal.send("\r")  // the shell's `fg`
      try terminal.waitFor("\u{1B}[?1049h")
      try terminal.waitFor("Secure access to your account")
      #expect(!terminal.attributesRestored)
      terminal.send("c")
      try terminal.waitFor("abc")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  @Test func ctrlZStopsAndFgComesBack() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([], underAShell: true)
      try terminal.waitFor("Secure access to your account")
      terminal.send("\u{1A}")
      try terminal.waitFor("[stopped 148]")
      #expect(terminal.attributesRestored)
      terminal.send("\r")
      try terminal.waitFor("Secure access to your account")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  /// Signals whose default action ends the program: the terminal is restored first.
  @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE])
  func aSignalThatEndsTheProgramRestoresTheTerminalFirst(_ signal: Int32) async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([])
      try terminal.waitFor("Secure access to your account")
      kill(terminal.pid, signal)
      #expect(try terminal.waitForExit() == 128 + signal)
      #expect(terminal.attributesRestored)
      #expect(terminal.recent.contains(Self.restoreSequence))
    }
  }

  @Test func aDumbTerminalIsRefusedWithTheWayOut() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([], environment: ["TERM=dumb"])
      try terminal.waitFor("--screen-reader")
      #expect(try terminal.waitForExit() == 2)
      #expect(!terminal.recent.contains("\u{1B}[?1049h"))
    }
  }

  /// A resize right after start, before anything is drawn, is not lost.
  @Test func aResizeInTheFirstMomentsIsNotLost() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal([], columns: 100, rows: 40)
      terminal.resize(columns: 40, rows: 40)
      try terminal.waitFor(" ╭" + String(repeating: "─", count: 36) + "╮")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  /// With a screen reader, F1 reads the key hints of the screen.
  @Test func fOneReadsTheKeyHintsToAScreenReader() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--screen-reader"])
      try terminal.waitFor("Focus: ")
      terminal.send("\u{1B}OP")
      try terminal.waitFor("Keys: Tab, next. Enter, sign in. Esc, cancel. Ctrl-C, quit.")
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
      #expect(terminal.attributesRestored)
    }
  }

  /// A pasted value that would retitle the window, clear the screen (ESC [ and the C1 CSI)
  /// and reverse the line is spoken as text: nothing in what the screen-reader mode writes
  /// for it is obeyed by the terminal.
  @Test func aHostilePasteIsSpokenEscaped() async throws {
    try await onItsOwnThread {
      let terminal = try PseudoTerminal(["--screen-reader"])
      try terminal.waitFor("Focus: ")
      let start = terminal.output.count
      terminal.send("\u{1B}[200~a\u{1B}]0;pwned\u{7}\u{9B}2J\u{202E}b\u{1B}[201~")
      terminal.send("\t\u{1B}[Z")  // away and back: the field is spoken with its value
      try terminal.waitFor("Focus: Email address, text field, a")
      try terminal.waitFor("b, invalid")
      let spoken = String(decoding: terminal.output[start...], as: UTF8.self)
      #expect(spoken.contains("\\u{202E}b"), "\(spoken)")
      #expect(!spoken.unicodeScalars.contains { [0x07, 0x9B, 0x202E].contains($0.value) })
      #expect(!spoken.contains("\u{1B}]"))
      terminal.send("\u{03}")
      #expect(try terminal.waitForExit() == 0)
    }
  }
}
