import Foundation
import LoginCommandLine
import Testing

@testable import LoginReplay

/// No error message repeats what the user wrote: every parse and command-line error is made
/// with a known secret as the offending word, and neither output stream may contain it.
@Suite struct SecretEchoTests {
  static let secret = "Hunter2Secret"

  /// One bad session line per error the parser can give for a word, each with the secret
  /// where the word goes.
  static let badLines: [String] = {
    let s = secret
    return [
      s, "\(s) now", "expect \(s) none", "type \(s) text", "set \(s) text", "clear \(s)",
      "backspace \(s)", "backspace email \(s)", "wait \(s)", "wait 1\(s)", "wait -\(s)",
      "wait 1.5.\(s)", "respond \(s)", "respond success \(s) 1s", "respond success after \(s)",
      "respond success \(s)", "expect phase \(s)", "expect loading \(s)",
      "expect can-submit \(s)", "expect password-visible \(s)", "expect reset-suggested \(s)",
      "expect effects \(s)", "expect effects none \(s)", "expect effects authenticate \(s)",
      "type password \"\(s)", "type password \"\\\(s)\"", "type password \"\\u{\(s)}\"",
      "type password \"\\u\(s)\"", "type password \"\\u{\(s)\"", "type password \(s)\"x",
      "type password \"\(s)\"\(s)", "submit \(s)", "type password \(s) \(s)",
      "toggle-password \(s)", "expect error \(s) \(s)",
    ]
  }()

  @Test(arguments: badLines)
  func parseErrorsNeverRepeatTheWord(_ line: String) throws {
    let parsed = try #require(SessionParser.parse(line, file: "f.login", line: 3))
    guard case .failure(let error) = parsed else {
      Issue.record("expected an error for \(line)")
      return
    }
    #expect(!error.description.contains(Self.secret), "\(error)")
    #expect(!String(reflecting: error).contains(Self.secret), "kind: \(error)")
  }

  @Test func aCheckedFileNeverRepeatsTheWords() async throws {
    let result = try await Replay.session(Self.badLines.joined(separator: "\n") + "\n")
    #expect(result.status == .usageOrInputError)
    #expect(!result.standardError.isEmpty)
    #expect(!(result.standardOutput + result.standardError).contains(Self.secret))
  }

  @Test func standardInputNeverRepeatsTheWords() async throws {
    for format in ["text", "jsonl"] {
      let result = await Replay.standardInput(
        Self.badLines.joined(separator: "\n") + "\n", ["--format", format])
      #expect(result.status == .usageOrInputError)
      #expect(result.standardError.components(separatedBy: "error:").count > Self.badLines.count)
      #expect(!(result.standardOutput + result.standardError).contains(Self.secret), "\(format)")
    }
  }

  /// A password on the line after `type password`: the mistake that started this suite.
  @Test func aPasswordOnItsOwnLineIsNotEchoed() async throws {
    let result = try await Replay.session("type password\n\(Self.secret)\n")
    #expect(result.standardError.contains("FILE:2:1: error: unknown command; expected one of:"))
    #expect(!result.standardError.contains(Self.secret))
  }

  static let badCommandLines: [[String]] = {
    let s = secret
    return [
      ["--\(s)", "f"], ["-\(s)", "f"], ["--\(s)=\(s)", "f"], ["--format", s, "f"],
      ["--format=\(s)", "f"], ["--auth-format", s, "f"], ["--auth", s, "f"],
      ["--auth", "htps://admin:\(s)@api.example.com/login", "f"],
      ["--auth", "ftp://u:\(s)@example.com/?q=\(s)#\(s)", "f"],
      ["--auth", "http://api.example.com/?token=\(s)", "f"],
      ["--auth", "http://\(s)@203.0.113.9/login", "f"],
      ["--client-id", "\(s) x", "f"], ["--timeout", s, "f"], ["--timeout", "\(s)s", "f"],
      ["--width", s, "f"], ["--trace=\(s)", "f"], ["--ascii=\(s)", "f"], ["--help=\(s)"],
      [s], ["-", s], ["\(s).login"],
    ]
  }()

  @Test(arguments: badCommandLines)
  func commandLineErrorsNeverRepeatTheWord(_ arguments: [String]) async {
    let result = await Replay.command(arguments)
    #expect(result.status == .usageOrInputError, "\(arguments)")
    #expect(result.standardError.hasPrefix("error: "), "\(arguments)")
    #expect(!(result.standardOutput + result.standardError).contains(Self.secret), "\(arguments)")
  }

  @Test func aRejectedURLIsShownWithoutItsSecrets() async {
    let result = await Replay.command([
      "--auth", "htps://admin:\(Self.secret)@api.example.com/login", "f",
    ])
    #expect(result.standardError.contains("(htps://api.example.com/login)"))
  }
}

/// The closest keyword is suggested in place of an echo.
@Suite struct SuggestionTests {
  @Test func closeWordsGetTheirKeyword() {
    let commands = SessionCommand.Name.allCases.map(\.word)
    #expect(Suggestion.closest(to: "submt", among: commands) == "submit")
    #expect(Suggestion.closest(to: "SUBMIT", among: commands) == "submit")
    #expect(Suggestion.closest(to: "setle", among: commands) == "settle")
    #expect(Suggestion.closest(to: "toggle-pasword", among: commands) == "toggle-password")
    #expect(Suggestion.closest(to: "typo", among: commands) == "type")
    // A transposition is two edits, too many for a four-letter word.
    #expect(Suggestion.closest(to: "tpye", among: commands) == nil)
  }

  @Test func farWordsGetNone() {
    let commands = SessionCommand.Name.allCases.map(\.word)
    for word in ["hunter2", "Password123!", "", "x", "demo@example.com"] {
      #expect(Suggestion.closest(to: word, among: commands) == nil, "\(word)")
    }
    #expect(
      Suggestion.closest(to: String(repeating: "s", count: 1_000_000), among: commands) == nil)
  }

  @Test func editDistance() {
    #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
    #expect(Suggestion.editDistance(Array("abc"), Array("abc")) == 0)
  }

  /// The bounded distance stops early but answers exactly: the distance when it is within
  /// the limit, `nil` when it is not, for every pair of short words over a small alphabet.
  @Test func theBoundedDistanceAgreesWithTheFullOne() {
    let alphabet: [Character] = ["a", "b", "é", "-"]
    var words: [[Character]] = [[]]
    for _ in 0..<3 { words += words.flatMap { word in alphabet.map { word + [$0] } } }
    words = Array(Set(words.map { String($0) })).sorted().map { Array($0) }
    for a in words {
      for b in words {
        let full = Suggestion.editDistance(a, b)
        for limit in 0...4 {
          let bounded = Suggestion.editDistance(a, b, atMost: limit)
          #expect(bounded == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
        }
      }
    }
  }

  @Test func messagesCarryTheSuggestion() throws {
    let parsed = try #require(SessionParser.parse("sumbit", file: "f", line: 1))
    guard case .failure(let error) = parsed else {
      Issue.record("expected an error")
      return
    }
    #expect(error.message.hasSuffix("; did you mean 'submit'?"))
  }
}
