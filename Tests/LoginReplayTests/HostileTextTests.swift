import Foundation
import Testing

/// A session file is untrusted input (shared as a bug report, written by the explorer): no
/// output of `login-replay` may carry a scalar a terminal obeys instead of showing, whatever
/// the file put in a field, an expectation or a bad line.
@Suite struct HostileTextTests {
  /// Values that set the window title, clear the screen (with ESC [ and with the one-scalar
  /// CSI U+009B), reverse or isolate text, and break lines, as quoted-string escapes; then
  /// the same kinds of scalars raw in bare words.
  static let session = """
    type email "a\\u{1B}]0;pwned\\u{7}b\\u{1B}[2J\\u{9B}2J\\u{202E}rev\\u{2066}\\u{85}\\u{2028}\\u{200F}@x.io"
    snapshot
    set email \u{202E}raw\u{9B}\u{2067}@x.io
    type password "p\\u{1B}[2Jw\\u{202D}"
    toggle-password
    snapshot
    expect error "\\u{9B}\\u{202E}x\\u{1B}[2J"
    """

  /// A file whose second line is not a command, with the same scalars in its words.
  static let badSession = "type email a\n\u{202E}zap\u{9B}2J \"\\u{1B}]0;t\\u{7}\"\n"

  /// The scalars no output may hold raw, listed here rather than taken from the code under
  /// test: C0 controls but the line feed, DEL, C1 controls, bidirectional formatting
  /// characters, and the line and paragraph separators.
  static func obeyedByATerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
      0x2028, 0x2029:
      true
    default: false
    }
  }

  static let runs: [[String]] = [
    ["--format", "text"], ["--format", "text", "--trace"], ["--format", "jsonl"],
    ["--format", "jsonl", "--trace"], ["--format", "accessible"],
  ]

  @Test(arguments: runs)
  func everyOutputShowsTheScalarsEscaped(_ options: [String]) throws {
    let file = try TemporaryFile(Self.session)
    defer { file.remove() }
    let result = try ReplayBinary.run(options + [file.path])
    #expect(result.status == 1, "the last expectation fails: \(result.standardError)")
    for (name, text) in [("output", result.standardOutput), ("error", result.standardError)] {
      let raw = text.unicodeScalars.filter(Self.obeyedByATerminal)
      #expect(raw.isEmpty, "raw in standard \(name): \(raw.map { String($0.value, radix: 16) })")
    }
    // The values are there, escaped: nothing passed by printing nothing.
    let jsonl = options.contains("jsonl")
    #expect(result.standardOutput.contains(jsonl ? "\\u202Eraw\\u009B" : "\\u{202E}raw\\u{9B}"))
    #expect(result.standardError.contains("expected \"\\u{9B}\\u{202E}x\\u{1B}[2J\""))
  }

  /// A server's user code is shown on purpose: a hostile one is shown escaped, on the
  /// screen, in the trace, the JSON lines and what a screen reader hears.
  static let deviceSession = """
    device-login
    respond device-code user-code "U\u{1B}]0;t\u{7}\u{9B}2J\u{202E}x" after 0s
    wait 0s
    expect phase device
    snapshot
    """

  @Test(arguments: runs)
  func aHostileUserCodeIsShownEscaped(_ options: [String]) throws {
    let file = try TemporaryFile(Self.deviceSession)
    defer { file.remove() }
    let result = try ReplayBinary.run(options + [file.path])
    #expect(result.status == 0, "\(result.standardError)")
    let raw = (result.standardOutput + result.standardError).unicodeScalars
      .filter(Self.obeyedByATerminal)
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
    // There, escaped (the box may cut the end of so long a code).
    #expect(result.standardOutput.contains(options.contains("jsonl") ? "U\\u001B]0;t" : "\\u{1B}"))
  }

  @Test func aRejectedLineIsReportedEscaped() throws {
    let file = try TemporaryFile(Self.badSession)
    defer { file.remove() }
    let result = try ReplayBinary.run([file.path])
    #expect(result.status == 2)
    #expect(result.standardError.contains(":2:"), "\(result.standardError)")
    let raw = (result.standardOutput + result.standardError).unicodeScalars
      .filter(Self.obeyedByATerminal)
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
  }

  /// An argument that names no file, or a bad option value, is repeated escaped.
  @Test(arguments: [
    ["/nonexistent/\u{1B}]0;t\u{7}\u{9B}2J\u{202E}.login"],
    ["--width", "\u{1B}[2J\u{9B}\u{202E}"], ["--\u{1B}]0;t\u{7}\u{202E}"],
  ])
  func aHostileArgumentIsReportedEscaped(_ arguments: [String]) throws {
    let result = try ReplayBinary.run(arguments)
    #expect(result.status != 0)
    #expect(!result.standardError.isEmpty)
    let raw = (result.standardOutput + result.standardError).unicodeScalars
      .filter(Self.obeyedByATerminal)
    #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) }): \(result.standardError)")
  }
}
