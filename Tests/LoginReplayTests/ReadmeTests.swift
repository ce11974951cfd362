import Foundation
import LoginFlow
import LoginTestSupport
import Testing

/// The README shows the real output of its main command; this keeps the copy honest.
@Suite struct ReadmeTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func readmeShowsTheDemoOutputOfTheGoldenFile() throws {
    let readme = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let golden = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(
        "Tests/LoginReplayTests/__Snapshots__/example-demo-text.txt"), encoding: .utf8)
    let marker = try #require(readme.range(of: "<!-- demo-output"))
    let afterMarker = readme[marker.upperBound...]
    let open = try #require(afterMarker.range(of: "```text\n"))
    let close = try #require(afterMarker[open.upperBound...].range(of: "\n```"))
    let shown = afterMarker[open.upperBound..<close.lowerBound]
    #expect(String(shown) == golden.trimmingCharacters(in: .newlines))
  }

  @Test func sessionFormatStatesTheFieldsMaximumsAsTheCodeDefinesThem() throws {
    let text = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Docs/SessionFormat.md"),
      encoding: .utf8)
    // Prose groups thousands with commas: 1,024.
    func grouped(_ number: Int) -> String {
      var digits = Array(String(number))
      for index in stride(from: digits.count - 3, to: 0, by: -3) { digits.insert(",", at: index) }
      return String(digits)
    }
    let email = grouped(LoginState.maximumEmailLength)
    let password = grouped(LoginState.maximumPasswordLength)
    #expect(text.contains("holds at most \(email) and the password field at most \(password)"))
    #expect(text.contains("keeps the first \(email) or \(password)"))
  }

  @Test func readmeShowsTheTwoCommandsAndCIRunsTheTestCommand() throws {
    let readme = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let ci = try String(
      contentsOf: Self.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(readme.contains("swift run login-replay Docs/Examples/demo.login"))
    #expect(readme.contains("\nswift test "))
    #expect(ci.contains("\nswift test 2>&1"))
  }
}
