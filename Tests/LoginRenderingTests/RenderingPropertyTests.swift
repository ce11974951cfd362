import LoginFlow
import LoginTestSupport
import Testing

@testable import LoginRendering

/// Properties over random input from a fixed seed: widths hold and hidden passwords stay hidden.
@Suite struct RenderingPropertyTests {
  /// Pieces random strings are made of: plain, wide, combining, right-to-left, emoji
  /// sequences, controls, invisible and bidi characters, and prepended marks.
  static let pieces: [String] = [
    "a", "Z", "7", "@", ".", " ", "-", "日", "本", "語", "한", "ｱ", "Ａ", "😀", "👍🏽", "👨‍👩‍👧‍👦",
    "🇯🇵", "🇺", "❤️", "1️⃣", "\u{301}", "\u{302}", "\u{20DD}", "\u{093F}", "क", "ा", "مرحبا",
    "שלום", "\u{7}", "\t", "\r\n", "\n", "\u{0}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2066}",
    "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{2028}", "\u{FEFF}", "\u{0600}",
    "\u{0D4E}", "\u{1100}", "\u{1161}", "\u{E000}", "…", "•", "*", "\\", "\"",
  ]

  /// A random string of up to `maxPieces` pieces, sometimes with a random scalar.
  static func randomString(_ generator: inout SeededGenerator, maxPieces: Int = 30) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...maxPieces, using: &generator) {
      if Int.random(in: 0..<8, using: &generator) == 0 {
        let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
        if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
      } else {
        text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
    }
    return text
  }

  /// A random state in any phase, with random fields.
  static func randomState(_ generator: inout SeededGenerator, password: String) -> LoginState {
    let phases: [LoginPhase] =
      [.idle, .editing, .submitting, .succeeded(AuthSession(token: "tok"))]
      + AuthError.allCases.map(LoginPhase.failed)
    return LoginState(
      email: randomString(&generator),
      password: password,
      isPasswordVisible: Bool.random(using: &generator),
      phase: phases[Int.random(in: 0..<phases.count, using: &generator)],
      attempt: Int.random(in: 0...3, using: &generator),
      consecutiveInvalidCredentials: Int.random(in: 0...4, using: &generator))
  }

  /// Random options over the whole width range, both modes, any spinner frame.
  static func randomOptions(_ generator: inout SeededGenerator) throws -> TextRenderer.Options {
    try TextRenderer.Options(
      width: Int.random(in: TextRenderer.Options.widthRange, using: &generator),
      ascii: Bool.random(using: &generator),
      spinnerFrame: Int.random(in: -50...50, using: &generator))
  }

  @Test func noLineIsEverWiderOrNarrowerThanTheWidth() throws {
    var generator = SeededGenerator(seed: 0x4C4F_4749_4E00_0001)
    for _ in 0..<1500 {
      let state = Self.randomState(&generator, password: Self.randomString(&generator))
      let options = try Self.randomOptions(&generator)
      let screen = TextRenderer(options: options).render(state)
      for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = String(line)
        if options.ascii {
          #expect(line.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(line)")
          #expect(line.unicodeScalars.count == options.width, "\(line)")
        } else {
          #expect(TerminalText.width(line, ascii: false) == options.width, "\(line)")
          #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
      }
    }
  }

  @Test func aHiddenPasswordNeverAppears() throws {
    var generator = SeededGenerator(seed: 0x4C4F_4749_4E00_0002)
    for _ in 0..<1500 {
      let password =
        Self.randomString(&generator, maxPieces: 5) + "SECRETMARK"
        + Self.randomString(&generator, maxPieces: 5)
      var state = Self.randomState(&generator, password: password)
      state.isPasswordVisible = false
      let screen = TextRenderer(options: try Self.randomOptions(&generator)).render(state)
      #expect(!screen.contains("SECRETMARK"))
      #expect(!screen.contains("SECRET"))
      #expect(!StateJSON.text(of: state).contains("SECRET"))
    }
  }

  @Test func aVisibleShortPasswordDoesAppear() {
    // The counterpart of the property above, so that it is known to be able to fail.
    let state = LoginState(password: "SECRETMARK", isPasswordVisible: true, phase: .editing)
    #expect(TextRenderer().render(state).contains("SECRETMARK"))
    #expect(StateJSON.text(of: state).contains("SECRETMARK"))
  }

  @Test func renderingIsDeterministic() throws {
    var generator = SeededGenerator(seed: 0x4C4F_4749_4E00_0003)
    for _ in 0..<200 {
      let state = Self.randomState(&generator, password: Self.randomString(&generator))
      let renderer = TextRenderer(options: try Self.randomOptions(&generator))
      #expect(renderer.render(state) == renderer.render(state))
    }
  }
}
