import Foundation
import LoginReplay
import LoginRuntime
import LoginSimulation
import LoginTestSupport
import Testing

/// Every example in Docs/Examples runs, exits 0 and prints exactly its golden output, in
/// every format; and no output ever shows a token, or a password the session kept hidden.
@Suite struct ExampleReplayTests {
  /// The formats the goldens cover, by the suffix of their names.
  static let formats: [(name: String, options: [String])] = [
    ("text", []),
    ("trace", ["--trace"]),
    ("jsonl", ["--format", "jsonl"]),
    ("accessible", ["--format", "accessible"]),
  ]

  static var exampleNames: [String] {
    ExampleSessionTests.examplePaths.map {
      URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent
    }
  }

  static func path(of example: String) -> String {
    ExampleSessionTests.examplesDirectory.appendingPathComponent(example + ".login").path
  }

  static var snapshotNames: [String] {
    exampleNames.flatMap { example in formats.map { "example-\(example)-\($0.name)" } }
  }

  @Test(arguments: exampleNames)
  func exampleMatchesItsGoldens(_ example: String) async {
    for format in Self.formats {
      let result = await Replay.command(format.options + [Self.path(of: example)])
      #expect(result.status == .success, "\(example) \(format.name): \(result.standardError)")
      #expect(result.standardError == "")
      assertSnapshot(of: result.standardOutput, named: "example-\(example)-\(format.name)")
    }
  }

  @Test func noUnusedGoldens() {
    assertNoUnusedSnapshots(expected: Self.snapshotNames)
  }

  @Test(arguments: exampleNames)
  func jsonLinesAreOneObjectPerActionWithATypeEach(_ example: String) async throws {
    let result = await Replay.command(["--format", "jsonl", Self.path(of: example)])
    let objects = try result.jsonObjects()
    let types = Set(objects.compactMap { $0["type"] as? String })
    #expect(
      types.isSubset(of: [
        "action", "respond", "wait", "settle", "expect", "snapshot", "relaunch", "summary",
      ]))
    #expect(objects.last?["type"] as? String == "summary")
    let actions = objects.filter { $0["type"] as? String == "action" }
    #expect(objects.last?["actions"] as? Int == actions.count)
    for action in actions {
      for key in ["line", "time", "action", "before", "after", "effects", "state"] {
        #expect(action[key] != nil, "\(key) missing in \(action)")
      }
    }
  }

  /// The password texts a session types or sets (ignoring short or blank ones, which could
  /// match anything), and whether it ever makes the password visible.
  static func secrets(of example: String) throws -> (passwords: [String], toggles: Bool) {
    var passwords: [String] = []
    var toggles = false
    for result in try SessionCommandSequence(path: path(of: example)) {
      switch try result.get().command {
      case .type(.password, let text), .set(.password, let text):
        if text.trimmingCharacters(in: .whitespaces).count >= 4 { passwords.append(text) }
      case .togglePassword:
        toggles = true
      default:
        break
      }
    }
    return (passwords, toggles)
  }

  static let scannedOptions: [[String]] = [
    [], ["--trace"], ["--ascii", "--width", "60"], ["--format", "jsonl"],
    ["--format", "jsonl", "--trace"], ["--format", "accessible", "--trace"],
  ]

  @Test(arguments: exampleNames)
  func noTokenAndNoHiddenPasswordInAnyOutput(_ example: String) async throws {
    let (passwords, toggles) = try Self.secrets(of: example)
    for options in Self.scannedOptions {
      let result = await Replay.command(options + [Self.path(of: example)])
      let everything = result.standardOutput + result.standardError
      #expect(!everything.contains(DemoAuthService.token), "\(example) \(options)")
      #expect(!everything.contains("demo-token"), "\(example) \(options)")
      guard !toggles else { continue }
      for password in passwords {
        #expect(!everything.contains(password), "\(example) \(options) shows a password")
      }
    }
  }

  /// The scan can fail: a session that shows its password prints it.
  @Test func aVisiblePasswordIsPrinted() async throws {
    #expect(try Self.secrets(of: "demo").toggles)
    let result = await Replay.command([Self.path(of: "demo")])
    #expect(result.standardOutput.contains(DemoAuthService.password))
    // The tour shows the password in every phase the eye works in, for coverage.
    #expect(
      try Self.exampleNames.filter { try Self.secrets(of: $0).toggles }
        == ["code-step-cells", "demo", "device-login-cells", "tour"])
    #expect(try Self.exampleNames.allSatisfy { try !Self.secrets(of: $0).passwords.isEmpty })
  }

  /// Device login's examples: the device code (a secret, like a token) never shows, in any
  /// format; the user code does, on purpose.
  @Test(arguments: ["device-login", "device-login-cells"])
  func deviceLoginShowsNoDeviceCode(_ example: String) async throws {
    let secret = ScriptedOutcome.defaultDeviceCodes.deviceCode
    for options in Self.scannedOptions + [["--format", "text"]] {
      let result = await Replay.command(options + [Self.path(of: example)])
      let everything = result.standardOutput + result.standardError
      #expect(result.status == .success, "\(example) \(options)")
      #expect(!everything.contains(secret), "\(example) \(options) shows the device code")
    }
    let text = await Replay.command([Self.path(of: example)]).standardOutput
    #expect(text.contains("W D J B - M J H T") || text.contains("A B C D - 1 2 3 4"))
  }

  /// The code step's examples: the challenge's id never shows, in any format; the codes the
  /// session typed show on the drawn screen only (as typed text does), never in a trace or
  /// the JSON lines.
  @Test(arguments: ["second-factor", "code-step", "code-step-cells"])
  func theCodeStepShowsNoCodeOrChallengeOutsideTheScreen(_ example: String) async throws {
    let text = try String(contentsOfFile: Self.path(of: example), encoding: .utf8)
    let codes = text.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard words.count >= 3, ["type", "set"].contains(words[0]), words[1] == "code" else {
        return nil
      }
      let code = words[2].filter(\.isNumber)
      return code.count >= 6 ? String(code) : nil
    }
    let shown = codes + [DemoAuthService.acceptedCode]  // typed digit by digit in some
    for options in [["--trace"], ["--format", "jsonl"], ["--format", "jsonl", "--trace"]] {
      let result = await Replay.command(options + [Self.path(of: example)])
      let everything = result.standardOutput + result.standardError
      #expect(!everything.contains(DemoAuthService.challengeID), "\(example) \(options)")
      for code in shown {
        #expect(!everything.contains(code), "\(example) \(options) shows the code \(code)")
      }
    }
  }
}
