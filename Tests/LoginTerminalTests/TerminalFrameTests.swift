import LoginFlow
import LoginRendering
import LoginTerminal
import Testing

/// Frames are centred, follow the terminal's width, colour only when asked, and give way to
/// one line when the terminal is too small.
@Suite struct TerminalFrameTests {
  @Test func theScreenIsCentredAndAsWideAsTheTerminalAllows() {
    let wide = TerminalFrame(
      state: LoginState(), focus: .email, size: .init(columns: 100, rows: 40), look: .init())
    let top = wide.rows.first { !$0.isEmpty } ?? ""
    #expect(
      top == String(repeating: " ", count: 20) + "╭" + String(repeating: "─", count: 58) + "╮")
    #expect(wide.rows.count <= 40)
    let narrow = TerminalFrame(
      state: LoginState(), focus: .email, size: .init(columns: 40, rows: 40), look: .init())
    #expect(narrow.rows.contains { $0.hasPrefix(" ╭" + String(repeating: "─", count: 36) + "╮") })
  }

  @Test func aTooSmallTerminalGetsOneLine() {
    let frame = TerminalFrame(
      state: LoginState(), focus: .email, size: .init(columns: 24, rows: 40), look: .init())
    #expect(frame.rows.count == 1)
    #expect(frame.rows[0].hasPrefix("Terminal too small"))
    #expect(frame.rows[0].count <= 24)
    let short = TerminalFrame(
      state: LoginState(), focus: .email, size: .init(columns: 80, rows: 10), look: .init())
    #expect(short.rows.count == 1)
  }

  @Test func coloursOnlyWhenSupported() {
    let failed = LoginState(
      email: "a@b.co", password: "x", phase: .failed(.invalidCredentials))
    let size = TerminalSize(columns: 80, rows: 40)
    let plain = TerminalFrame(state: failed, focus: .email, size: size, look: .init(color: false))
    let colored = TerminalFrame(state: failed, focus: .email, size: size, look: .init(color: true))
    #expect(!plain.bytes.contains("\u{1B}[31m"))
    #expect(colored.bytes.contains("\u{1B}[31m"))
    #expect(!ColorSupport.isEnabled(environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    // An empty NO_COLOR keeps colour (no-color.org).
    #expect(ColorSupport.isEnabled(environment: ["TERM": "xterm", "NO_COLOR": ""]))
    #expect(!ColorSupport.isEnabled(environment: ["TERM": "dumb"]))
    #expect(!ColorSupport.isEnabled(environment: [:]))
    #expect(ColorSupport.isEnabled(environment: ["TERM": "xterm-256color"]))
  }

  @Test func theFocusMarkerNeverMovesTheScreenWithoutFocus() throws {
    let state = LoginState(email: "demo@example.com", password: "pw", phase: .editing)
    let plain = TextRenderer().render(state)
    let focused = TextRenderer(options: .init(focus: .button)).render(state)
    #expect(plain.split(separator: "\n").count == focused.split(separator: "\n").count)
    #expect(focused.contains("│▸┃"))
    #expect(!plain.contains("▸"))
    let toggle = TextRenderer(options: try .init(width: 40, ascii: true, focus: .passwordToggle))
    #expect(toggle.render(state).contains("> Show password"))
  }

  /// The terminal's cursor sits at the caret: after `X` in `aXbc`, on the field's row.
  @Test func theCursorIsAtTheCaret() throws {
    let state = LoginState(email: "aXbc", phase: .editing)
    let frame = TerminalFrame(
      state: state, focus: .email, caret: 2, size: .init(columns: 100, rows: 40), look: .init())
    let cursor = try #require(frame.cursor)
    let row = frame.rows[cursor.line]
    #expect(row.contains("aXbc"))
    let columns = Array(row)
    #expect(String(columns[(cursor.column - 2)..<cursor.column]) == "aX")
    #expect(frame.bytes.hasSuffix("\u{1B}[\(cursor.line + 1);\(cursor.column + 1)H\u{1B}[?25h"))
    // No field focused: the cursor is hidden.
    let button = TerminalFrame(
      state: state, focus: .button, caret: 0, size: .init(columns: 100, rows: 40), look: .init())
    #expect(button.cursor == nil)
    #expect(button.bytes.hasSuffix("\u{1B}[?25l"))
  }

  /// A value longer than its field scrolls to keep the caret in view, over dots too.
  @Test func aLongValueKeepsTheCaretInView() throws {
    let long = String(repeating: "a", count: 30) + "Q" + String(repeating: "b", count: 60)
    let state = LoginState(email: long + "@example.com", password: long, phase: .editing)
    for (focus, caret) in [(Focus.email, 30), (.email, 0), (.email, 103), (.password, 31)] {
      let frame = TerminalFrame(
        state: state, focus: focus, caret: caret, size: .init(columns: 80, rows: 40),
        look: .init())
      let cursor = try #require(frame.cursor, "\(focus) \(caret)")
      let row = Array(frame.rows[cursor.line])
      #expect(cursor.column < row.count - 2, "\(focus) \(caret)")
      if focus == .email, caret == 30 { #expect(row[cursor.column] == "Q") }
      if focus == .password { #expect(row[cursor.column] == "•") }
    }
  }

  /// The key hints take the last row and fit any width, keeping how to quit.
  @Test(arguments: [40, 100])
  func theHintLineIsAtTheBottomAndFits(columns: Int) throws {
    let frame = TerminalFrame(
      state: LoginState(), focus: .email, size: .init(columns: columns, rows: 40), look: .init())
    #expect(frame.rows.count == 40)
    let last = try #require(frame.rows.last)
    #expect(last.contains("Ctrl-C quit"))
    #expect(last.contains("Tab next"))
    #expect(last.count <= columns)
    if columns == 100 {
      #expect(last.contains("Tab next · Enter sign in · Esc cancel · Ctrl-C quit"))
    }
  }

  @Test func hintsFitEveryWidthAndFollowTheScreen() {
    for width in 1...120 {
      for state in [LoginState(), KeyMapTests.codeStep] {
        let line = KeyHints.line(for: state, width: width, ascii: width % 2 == 0)
        #expect(line.count <= width)
        if width >= 11 { #expect(line.hasSuffix("Ctrl-C quit"), "\(width)") }
      }
    }
    #expect(
      KeyHints.line(for: KeyMapTests.codeStep, width: 80, ascii: true).contains("Ctrl-R new code"))
    #expect(KeyHints.spoken(for: LoginState()).hasPrefix("Keys: Tab, next. Enter, sign in."))
  }
}
