import Foundation
import LoginCommandLine
import LoginFlow
import LoginReplay
import LoginRuntime
import LoginTestSupport
import Testing

/// `login-replay` remembers the session: in memory, or in the file of `--session-file`;
/// `relaunch` starts a fresh store over it, `session-store failing` makes saves fail.
@Suite struct RememberReplayTests {
  /// After a login: relaunch (restored), log out, relaunch (not restored).
  static let relaunchCycle = """
    expect phase succeeded
    relaunch
    expect phase succeeded
    logout
    relaunch
    expect phase idle

    """

  /// Log in, then ``relaunchCycle``.
  static let doneWhen = demoLogin + "submit\nwait 1.5s\n" + relaunchCycle

  static let refusal =
    "error: the session file given with --session-file can be read or changed by other users "
    + "(permissions 0640); it is not used. It must be readable by its owner only: run chmod 600 "
    + "on it, or remove it\n"

  static func permissions(_ path: String) throws -> Int {
    try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func loginRelaunchLogoutRelaunchPassesWithASessionFile() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("state", "session.json")
    let result = try await Replay.session(Self.doneWhen, ["--session-file", path, "--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(result.standardOutput.contains("relaunched"))
    #expect(result.standardOutput.contains("saved the session"))
    #expect(result.standardOutput.contains("cleared the saved session"))
    #expect(!result.standardOutput.contains(DemoAuthService.token))
    #expect(!FileManager.default.fileExists(atPath: path))  // the logout removed it

    // A login left in place: the file is its owner's only and holds no password.
    let login = try await Replay.session(
      demoLogin + "submit\nwait 1.5s\nrelaunch\nexpect phase succeeded\n",
      ["--session-file", path])
    #expect(login.status == .success, "\(login.standardError)")
    #expect(try Self.permissions(path) == 0o600)
    #expect(try Self.permissions(folder.path("state")) == 0o700)
    let contents = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!contents.contains(DemoAuthService.password))
    #expect(try FileSessionStore(path: path).load()?.token == DemoAuthService.token)

    // The next run launches logged in, as the next launch of an app does.
    let next = try await Replay.session("expect phase succeeded\n", ["--session-file", path])
    #expect(next.status == .success, "\(next.standardError)")
  }

  @Test func theSameSessionPassesInMemory() async throws {
    let result = try await Replay.session(Self.doneWhen)
    #expect(result.status == .success, "\(result.standardError)")
    // In memory, a run starts with nothing remembered.
    let fresh = try await Replay.session("expect phase idle\n")
    #expect(fresh.status == .success)
  }

  @Test(arguments: [[], ["--format", "jsonl"], ["--coverage"]])
  func aGroupReadableSessionFileIsRefusedAndNothingRuns(_ options: [String]) async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("Secret123.json")
    try FileSessionStore(path: path).save(
      StoredSession(token: DemoAuthService.token, expiresAt: Timestamp(secondsSinceEpoch: 99)))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try await Replay.session(
      "expect phase idle\nsnapshot\n", options + ["--session-file", path])
    #expect(result.status == .usageOrInputError)
    // Nothing ran; with --coverage the report of what ran (nothing) still follows.
    #expect(options == ["--coverage"] || result.standardOutput == "")
    #expect(!result.standardOutput.contains("---"))
    #expect(result.standardError == Self.refusal)
    #expect(!result.standardError.contains("Secret123"))  // no path typed is repeated
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try Self.permissions(path) == 0o640)
  }

  @Test func aRefusedFileOnStandardInputIsRefusedToo() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: path)
    // Written whole before the run, which reads none of it: a writer still writing when
    // the run ends would get SIGPIPE.
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("snapshot\n".utf8))
    try pipe.fileHandleForWriting.close()
    let result = await Replay.command(
      ["--session-file", path, "-"], standardInput: pipe.fileHandleForReading.fileDescriptor)
    try pipe.fileHandleForReading.close()
    #expect(result.status == .usageOrInputError)
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("(permissions 0604)"))
  }

  @Test func aRefusalAtARelaunchIsALocatedErrorAndTheRunEndsWithTwo() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    var options = ReplayOptions(input: .standardInput)
    options.sessionFile = path
    let output = CapturedOutput()
    let runner = try SessionRunner(options: options, output: output)
    func run(_ line: Int, _ text: String) async throws {
      let parsed = try #require(SessionParser.parse(text, file: "r.login", line: line))
      await runner.run(try parsed.get())
    }
    #expect(await runner.launch() == nil)
    try await run(1, "set email demo@example.com")
    try await run(2, "set password Password123!")
    try await run(3, "submit")
    try await run(4, "wait 1.5s")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try await run(5, "relaunch")
    try await run(6, "expect phase idle")
    #expect(await runner.finish() == .usageOrInputError)
    #expect(
      output.standardError
        == "r.login:5:1: error: cannot restore the session at 'relaunch': "
        + Self.refusal.dropFirst("error: ".count))
  }

  @Test func anUnusableSessionFileIsAWarningAndIsReplacedAtTheNextLogin() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("session.json")
    try Data("{\"formatVersion\":3}".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let result = try await Replay.session(
      "expect phase idle\n" + demoLogin + "submit\nwait 1.5s\nexpect phase succeeded\n",
      ["--session-file", path])
    #expect(result.status == .success)
    #expect(
      result.standardError
        == "warning: the session file given with --session-file has format version 3, which "
        + "this version does not read (it reads version 1); it holds no session and will be "
        + "replaced at the next login\n")
    #expect(try FileSessionStore(path: path).load()?.token == DemoAuthService.token)
  }

  @Test func aSessionFileThatCannotBeWrittenFailsTheSaveNotTheLogin() async throws {
    // Root writes anywhere, so the place that cannot be written is under a regular file.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path("file")))
    let result = try await Replay.session(
      demoLogin + "submit\nwait 1.5s\nexpect phase succeeded\nsnapshot\nrelaunch\n"
        + "expect phase idle\n",
      ["--session-file", folder.path("file", "session.json"), "--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(
      result.standardOutput.contains(
        "line 4: did not save the session: cannot create the folder for the session file given "
          + "with --session-file: Not a directory"))
    #expect(result.standardOutput.contains("succeeded --sessionSaveFailed--> succeeded"))
    #expect(result.screens.first?.contains("This login could not be remembered") == true)
  }

  @Test func sessionStoreFailingMakesSavesFailUntilWorking() async throws {
    let result = try await Replay.session(
      "session-store failing\n" + demoLogin + """
        submit
        wait 1.5s
        expect phase succeeded
        expect effects none
        relaunch
        expect phase idle
        session-store working
        set email demo@example.com
        set password Password123!
        submit
        wait 1.5s
        expect effects save-session
        relaunch
        expect phase succeeded

        """, ["--format", "jsonl"])
    #expect(result.status == .success, "\(result.standardError)")
    let states = try result.jsonObjects(ofType: "action").compactMap {
      $0["state"] as? [String: Any]
    }
    #expect(states.contains { $0["sessionNotRemembered"] as? Bool == true })
  }

  @Test func relaunchAndTheSessionEventsInJSONLines() async throws {
    let result = try await Replay.session(
      demoLogin + "submit\nwait 1.5s\nrelaunch\nlogout\n", ["--format", "jsonl", "--trace"])
    #expect(result.status == .success)
    let objects = try result.jsonObjects()
    let relaunch = try #require(try result.jsonObjects(ofType: "relaunch").first)
    #expect(relaunch["line"] as? Int == 5)
    #expect(relaunch["time"] as? String == "1.5s")
    let events = try result.jsonObjects(ofType: "event").compactMap { $0["event"] as? String }
    #expect(events.contains("session-saved"))
    #expect(events.contains("session-cleared"))
    let saved = try #require(
      objects.first { $0["type"] as? String == "action" && $0["after"] as? String == "succeeded" })
    #expect(saved["effects"] as? [[String: String]] == [["name": "save-session"]])
    // The restore is an action of the new store, right after the relaunch object.
    let index = try #require(objects.firstIndex { $0["type"] as? String == "relaunch" })
    #expect((objects[index + 1]["action"] as? String)?.hasPrefix("sessionRestored(") == true)
    #expect(objects[index + 1]["after"] as? String == "succeeded")
    #expect(!result.standardOutput.contains(DemoAuthService.token))
  }

  @Test func aRelaunchCancelsTheRequestInFlightKeepsQueuedAnswersAndTheClockRunsOn() async throws {
    let result = try await Replay.session(
      demoLogin + """
        respond server-error after 5s
        respond invalid-credentials
        submit
        wait 1s
        relaunch
        expect phase idle
        expect requests-in-flight 0
        set email demo@example.com
        set password Password123!
        submit
        wait 1.5s
        expect error "The email or password is incorrect."

        """, ["--trace"])
    #expect(result.status == .success, "\(result.standardError)")
    #expect(result.standardOutput.contains("[1s] line 7: cancelled authenticate(1) after 1s"))
    #expect(result.standardOutput.contains("[1s] line 7: relaunched"))
    #expect(
      result.standardOutput.contains(
        "[2.5s] line 13: finished authenticate(1): invalid-credentials after 1.5s"))
    // The server still answers the first app's request, to nobody: nothing is dropped.
    #expect(!result.standardOutput.contains("dropped"))
  }

  @Test func theHelpListsTheOption() {
    #expect(ReplayOptions.helpText.contains("  --session-file <path>"))
    #expect(ReplayOptions.Option.sessionFile.defaultValue == nil)
  }

  @Test func theOptionIsParsed() throws {
    guard
      case .run(let options) = try ReplayOptions.parse(
        ["--session-file=/tmp/a/session.json", "x.login"], fileExists: { _ in true })
    else {
      Issue.record("not a run")
      return
    }
    #expect(options.sessionFile == "/tmp/a/session.json")
  }
}
