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
    #expect(!ColorSupport.isEnabled(environment: ["TERM": "xterm", "NO_COLOR": ""]))
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
}
