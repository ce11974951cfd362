import Foundation
import LoginCommandLine
import LoginFlow
import LoginRuntime
import Testing

@testable import LoginReplay

/// `login-replay --coverage`: each applied action is counted in its exact cell, the report's
/// shapes, several files, and the examples covering every cell a replay can reach.
@Suite struct CoverageTests {
  static let longEmail = String(repeating: "a", count: 243) + "@example.com"
  static let longPassword = String(repeating: "x", count: LoginState.maximumPasswordLength + 1)

  /// Runs `session` through a runner with `--coverage` and returns what it counted.
  static func coverage(of session: String) async throws -> TransitionCoverage {
    let file = try TemporaryFile(session)
    defer { file.remove() }
    var options = ReplayOptions(input: .file(file.path))
    options.coverage = true
    let runner = try SessionRunner(options: options, output: CapturedOutput())
    for line in try SessionCommandSequence(path: file.path) { await runner.run(line) }
    #expect(await runner.finish() == .success)
    return runner.coverage
  }

  static func cell(
    _ phase: LoginPhase.Kind, _ action: LoginAction.Kind, _ condition: TransitionCell.Condition
  ) -> CoverageCell {
    .transition(TransitionCell(phase: phase, action: action, condition: condition))
  }

  @Test func everyAppliedActionIsCountedInItsCell() async throws {
    #expect(Self.longEmail.unicodeScalars.count == LoginState.maximumEmailLength + 1)
    let coverage = try await Self.coverage(
      of: """
        submit
        set email \(Self.longEmail)
        set email demo@example.com
        type password ab
        set password \(Self.longPassword)
        respond rate-limited
        submit
        wait 1.5s
        expect phase failed
        submit
        expect effects none
        wait 30s
        respond success after 120s
        submit
        settle
        expect error "The request timed out. Please try again."
        wait 100s
        expect dropped-answers 1

        """)
    #expect(
      coverage.counts == [
        Self.cell(.idle, .submitTapped, .formInvalid): 1,
        Self.cell(.idle, .emailChanged, .overLimit): 1,
        Self.cell(.editing, .emailChanged, .withinLimit): 1,
        Self.cell(.editing, .passwordChanged, .withinLimit): 2,
        Self.cell(.editing, .passwordChanged, .overLimit): 1,
        Self.cell(.editing, .submitTapped, .formValid): 1,
        Self.cell(.submitting, .authResponse, .currentAttempt(.rateLimited(retryAfter: nil))): 1,
        Self.cell(.failed, .submitTapped, .throttled): 1,
        Self.cell(.failed, .throttleTicked, .throttleRunning): 29,
        Self.cell(.failed, .throttleEnded, .throttleRunning): 1,
        Self.cell(.failed, .submitTapped, .formValid): 1,
        .storeEvent(.timeoutFired): 1,
        Self.cell(.submitting, .authResponse, .currentAttempt(.timedOut)): 1,
        .storeEvent(.lateAnswerDropped): 1,
      ])
  }

  @Test func withoutTheOptionNothingIsCounted() async throws {
    let file = try TemporaryFile("submit\n")
    defer { file.remove() }
    let runner = try SessionRunner(
      options: ReplayOptions(input: .file(file.path)), output: CapturedOutput())
    for line in try SessionCommandSequence(path: file.path) { await runner.run(line) }
    _ = await runner.finish()
    #expect(runner.coverage.counts.isEmpty)
  }

  @Test func onlyTimeoutsAndDroppedAnswersAreStoreCells() {
    let kinds: [(StoreEvent.Kind, StoreEventCell?)] = [
      (.effectStarted(.authenticate(1)), nil),
      (.effectFinished(.authenticate(1), outcome: .success, duration: .seconds(1)), nil),
      (.effectCancelled(.authenticate(1), duration: .seconds(1)), nil),
      (.effectTimedOut(.authenticate(1), duration: .seconds(30)), .timeoutFired),
      (
        .responseDropped(.authenticate(1), outcome: .success, duration: .seconds(5)),
        .lateAnswerDropped
      ),
    ]
    for (kind, cell) in kinds { #expect(StoreEventCell(kind) == cell, "\(kind)") }
    #expect(Set(kinds.compactMap(\.1)) == Set(StoreEventCell.allCases))
    let transition = StoreTransition(
      action: .cancelTapped, before: LoginState(), after: LoginState(), effects: [])
    #expect(CoverageCell(.transition(transition)) == Self.cell(.idle, .cancelTapped, .always))
  }

  @Test(arguments: [
    (0, 46, "0"), (45, 46, "97.8"), (46, 46, "100"), (2, 3, "66.6"), (1, 1000, "0.1"),
    (999, 1000, "99.9"), (1999, 2000, "99.9"), (0, 0, "100"),
  ])
  func percentIsRoundedDownToATenth(part: Int, whole: Int, text: String) {
    #expect(TransitionCoverage.percentText(part, of: whole) == text)
  }

  @Test func theWorseStatusWins() {
    #expect(ExitCode.success.worse(.expectationFailed) == .expectationFailed)
    #expect(ExitCode.usageOrInputError.worse(.expectationFailed) == .usageOrInputError)
    #expect(ExitCode.outputFailed.worse(.success) == .outputFailed)
  }

  // MARK: The command

  @Test func severalFilesPrintAsAloneThenTheReport() async throws {
    let passing = try TemporaryFile(demoLogin + "submit\nwait 1.5s\nexpect phase succeeded\n")
    let failing = try TemporaryFile("cancel\nexpect phase editing\n")
    defer {
      passing.remove()
      failing.remove()
    }
    let first = await Replay.command([passing.path])
    let second = await Replay.command([failing.path])
    #expect(second.status == .expectationFailed)
    let both = await Replay.command(["--coverage", passing.path, failing.path])
    #expect(both.status == .expectationFailed)
    #expect(both.standardError == first.standardError + second.standardError)
    #expect(both.standardOutput.hasPrefix(first.standardOutput + second.standardOutput))
    let report = both.standardOutput.dropFirst(
      first.standardOutput.count + second.standardOutput.count)
    let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "")
    #expect(lines.contains("   1  idle + cancelTapped (always)"))
    #expect(lines.contains("   1  succeeded + authResponse (any attempt)") == false)
    #expect(
      lines.contains(
        "   0  idle + authResponse (any attempt)  (unreachable: the store applies only the "
          + "answer to the request in flight)"))
    #expect(lines.contains("  idle + logoutTapped (always)"))  // never run
    let total = TransitionCoverage.reachableCells.count
    #expect(lines.dropLast().last == "coverage: 6/\(total) transitions (3.1%)")
    #expect(total == 192)

    let withoutOption = await Replay.command([passing.path, failing.path])
    #expect(withoutOption.status == .usageOrInputError)
    #expect(withoutOption.standardOutput == "")
  }

  @Test func jsonLinesEndWithOneCoverageObject() async throws {
    let result = try await Replay.session(demoLogin, ["--coverage", "--format", "jsonl"])
    #expect(result.status == .success)
    let objects = try result.jsonObjects()
    #expect(objects.dropLast().last?["type"] as? String == "summary")
    let coverage = try #require(objects.last)
    #expect(coverage["type"] as? String == "coverage")
    let cells = try #require(coverage["cells"] as? [[String: Any]])
    #expect(cells.map { $0["cell"] as? String } == CoverageCell.all.map(\.description))
    #expect(cells.first?["count"] as? Int == 1)  // idle + emailChanged (within limit)
    #expect(
      cells.filter { $0["reachable"] as? Bool == false }.count
        == CoverageCell.all.count - TransitionCoverage.reachableCells.count)
    #expect(coverage["covered"] as? Int == 3)
    #expect(coverage["total"] as? Int == TransitionCoverage.reachableCells.count)
    #expect(coverage["percent"] as? String == "1.5")  // 3 of 192, rounded down
    #expect(
      (coverage["missing"] as? [String])?.count == TransitionCoverage.reachableCells.count - 3)
  }

  @Test func theHelpListsTheOption() {
    #expect(ReplayOptions.helpText.contains("  --coverage  "))
  }

  // MARK: The examples

  @Test func theExamplesCoverEveryCellAReplayCanReach() async throws {
    let result = await Replay.command(
      ["--coverage", "--format", "jsonl"] + ExampleSessionTests.examplePaths)
    #expect(result.status == .success, "\(result.standardError)")
    let coverage = try #require(try result.jsonObjects().last)
    let missing = coverage["missing"] as? [String] ?? ["?"]
    #expect(missing == [], "the examples never run: \(missing.joined(separator: "; "))")
    #expect(coverage["percent"] as? String == "100")
  }

  /// Every coverage figure the README and `Docs/` print is the one the examples give: a
  /// figure in the docs is checked, or it goes.
  @Test func theDocumentedCoverageFiguresAreTheExamples() async throws {
    let result = await Replay.command(["--coverage"] + ExampleSessionTests.examplePaths)
    let actual = try #require(
      result.standardOutput.split(separator: "\n").last { $0.hasPrefix("coverage: ") })
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let documents =
      ["README.md"]
      + (try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path))
      .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
    var figures = 0
    for document in documents {
      let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
      for match in text.matches(of: /coverage: \d+\/\d+ transitions \([0-9.]+%\)/) {
        #expect(String(text[match.range]) == actual, "\(document)")
        figures += 1
      }
    }
    #expect(figures >= 2, "the README and the session format show the figure")
  }
}
