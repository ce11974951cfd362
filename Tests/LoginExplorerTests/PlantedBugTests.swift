import Foundation
import LoginFlow
import Testing

@testable import LoginExplorer

/// The bugs a planted build can run with (`Tests/PlantedBugs/run.sh` builds it and checks
/// every counterexample against it): one for each invariant, and none in this build.
@Suite struct PlantedBugTests {
  @Test func thereIsOneBugForEachInvariantNamedAfterIt() {
    #expect(PlantedBug.allCases.map(\.rawValue) == Invariant.allCases.map(\.name))
  }

  /// Only a build compiled with the flag reads the environment (which the test leaves
  /// alone: changing it races every thread that reads it).
  @Test func aBuildWithoutTheFlagPlantsNothing() {
    #expect(PlantedBug.allCases.allSatisfy { !PlantedBug.isPlanted($0) })
    var state = LoginState(email: "demo@example.com", password: "Password123!")
    _ = reduce(into: &state, .submitTapped)
    _ = reduce(
      into: &state, .authResponse(attempt: state.attempt, .success(AuthSession(token: "t"))))
    #expect(state.password == "")
  }

  @Test func theScriptChecksEveryInvariantAndRunsInCI() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let script = try String(
      contentsOf: root.appendingPathComponent("Tests/PlantedBugs/run.sh"), encoding: .utf8)
    #expect(script.contains("-DLOGINFLOW_PLANTED_BUGS"))
    #expect(script.contains(PlantedBug.environmentVariable))
    let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("\nTests/PlantedBugs/run.sh\n"))
  }
}

extension PlantedBugTests {
  @Test func theDocumentListsEveryPlantedBug() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("Docs/Explorer.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    for bug in PlantedBug.allCases {
      #expect(rows.contains { $0.hasPrefix("| `\(bug.rawValue)` |") }, "\(bug.rawValue)")
    }
  }
}
