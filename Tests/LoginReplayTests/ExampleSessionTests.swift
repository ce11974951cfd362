import Foundation
import Testing

@testable import LoginReplay

/// Every example in Docs/Examples parses cleanly.
@Suite struct ExampleSessionTests {
  static let examplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/Examples")

  static var examplePaths: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".login") }.sorted()
      .map { examplesDirectory.appendingPathComponent($0).path }
  }

  @Test func theRequiredExamplesExist() {
    let names = Set(Self.examplePaths.map { URL(fileURLWithPath: $0).lastPathComponent })
    let required: Set = [
      "demo.login", "wrong-password.login", "offline-retry.login", "cancel.login",
      "timeout.login", "double-submit.login", "validation.login", "tour.login",
      "remember.login", "second-factor.login", "code-step.login", "device-login.login",
    ]
    #expect(required.isSubset(of: names), "missing: \(required.subtracting(names))")
  }

  @Test(arguments: examplePaths)
  func exampleParsesCleanly(_ path: String) throws {
    #expect(try SessionChecker.check(path: path).isEmpty)
    let commands = try SessionCommandSequence(path: path).map { try $0.get().command }
    #expect(commands.contains { if case .expect = $0 { true } else { false } })
    #expect(commands.contains(.snapshot))
  }
}

/// Every example's expectations hold in a model of the runner, so the real run exits 0.
@Suite struct ExampleSemanticsTests {
  /// The examples of the code step and of device login, which the model (a login form's)
  /// does not know; the replay runs them in `ExampleGoldenTests` and `ExampleReplayTests`.
  /// `throttled.login` ends with a throttle on the code step.
  static let codeStepExamples: Set = [
    "second-factor.login", "code-step.login", "code-step-cells.login", "throttled.login",
    "device-login.login", "device-login-cells.login",
  ]

  @Test(
    arguments: ExampleSessionTests.examplePaths.filter {
      !codeStepExamples.contains(URL(fileURLWithPath: $0).lastPathComponent)
    })
  func everyExpectationHolds(_ path: String) throws {
    var model = ReferenceModel()
    var expectations = 0
    for result in try SessionCommandSequence(path: path) {
      let located = try result.get()
      if case .expect = located.command { expectations += 1 }
      model.run(located)
    }
    #expect(model.failures == [])
    #expect(expectations >= 5)
  }

  @Test func theModelCatchesAWrongExpectation() throws {
    let file = try TemporaryFile(
      "type email demo@example.com\ntype password x\nsubmit\nwait 1.5s\nexpect phase succeeded\n"
    )
    defer { file.remove() }
    var model = ReferenceModel()
    for result in try SessionCommandSequence(path: file.path) { model.run(try result.get()) }
    #expect(
      model.failures == ["\(file.path):5: expectation failed: expected succeeded, got failed"])
  }
}
