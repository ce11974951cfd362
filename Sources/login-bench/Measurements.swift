import LoginFlow
import LoginRendering
import LoginReplay
import LoginRuntime

/// Every measurement of `login-bench` at one size, and the session files the replay
/// measurements read. `--quick` divides the work by ``quickScale`` so that CI only checks
/// that everything still runs.
struct Measurements {
  /// How much less work `--quick` does.
  static let quickScale = 50
  /// The passes of a run.
  static let passes = 9
  /// The passes of a `--quick` run.
  static let quickPasses = 2

  /// The divisor of every count: 1, or ``quickScale``.
  let scale: Int
  /// The cycles of the request session (10 lines, 2 requests each).
  let requestCycles: Int
  /// The cycles of the typing session (``SessionGenerator/typingCycleLines`` lines each).
  let typingCycles: Int
  /// Where the request session is written.
  let requestPath: String
  /// Where the typing session is written.
  let typingPath: String

  /// The measurements at full size, or divided by ``quickScale`` when `quick`.
  init(quick: Bool) {
    scale = quick ? Self.quickScale : 1
    requestCycles = 1_000 / scale
    typingCycles = 1_000 / scale
    requestPath = SessionGenerator.path(of: .requests, cycles: requestCycles)
    typingPath = SessionGenerator.path(of: .typing, cycles: typingCycles)
  }

  /// Writes the session files the replay measurements read.
  func writeSessions() throws {
    try SessionGenerator.write(.requests, cycles: requestCycles, to: requestPath)
    try SessionGenerator.write(.typing, cycles: typingCycles, to: typingPath)
  }

  /// A fixed, realistic session: type an email and a password one character at a time,
  /// toggle, submit, fail, retry, succeed, log out.
  static func typingSession() -> [LoginAction] {
    Keystrokes.typing.map(\.action) + [
      .passwordVisibilityToggled, .submitTapped,
      .authResponse(attempt: 1, .failure(.networkUnavailable)),
      .submitTapped, .authResponse(attempt: 2, .success(AuthSession(token: "t"))), .logoutTapped,
    ]
  }

  /// Every measurement, in the order they are reported.
  var benchmarks: [Benchmark] {
    let scale = scale
    let requestCycles = requestCycles
    let typingCycles = typingCycles
    let requestPath = requestPath
    let typingPath = typingPath
    let session = Self.typingSession()
    let keystrokes = Keystrokes.typing
    let keystrokeActions = keystrokes.map(\.action)
    let keystrokeRounds = 4_000 / scale

    // The renderer: one screen per state, as `snapshot` does; the lower bound assembles the same
    // screens from their lines, prepared in advance.
    let renderer = TextRenderer()
    let screens = [
      LoginState(email: "demo@example.com", password: "Password123!", phase: .editing),
      LoginState(
        email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1),
      LoginState(email: "用户@例子.广告", password: "pw", phase: .failed(.networkUnavailable)),
    ]
    let prepared = screens.map { PreparedScreen(renderer.render($0)) }
    let renderCount = 3_000 / scale

    return [
      Benchmark(
        name: "keystroke_raw", label: "keystroke: raw struct update (baseline)",
        operations: keystrokes.count * keystrokeRounds
      ) { Keystrokes.raw(keystrokes, rounds: keystrokeRounds) },
      Benchmark(
        name: "keystroke_reduce", label: "keystroke: reduce + canSubmit + emailError",
        operations: keystrokes.count * keystrokeRounds
      ) { Keystrokes.reduce(keystrokeActions, rounds: keystrokeRounds) },
      Benchmark(
        name: "keystroke_seed_view_model", label: "keystroke: seed view model (baseline)",
        operations: keystrokes.count * keystrokeRounds / 10
      ) { Keystrokes.seed(keystrokes, rounds: keystrokeRounds / 10) },
      Benchmark(
        name: "actor_hop", label: "bare actor hop (baseline)", operations: 100_000 / scale
      ) { await StoreBenchmarks.actorHop(count: 100_000 / scale) },
      Benchmark(
        name: "store_send_no_listener", label: "LoginStore.send, no listener",
        operations: keystrokes.count * keystrokeRounds
      ) { await StoreBenchmarks.sendNoListener(keystrokeActions, rounds: keystrokeRounds) },
      Benchmark(
        name: "store_send_listener", label: "LoginStore.send, counting listener",
        operations: keystrokes.count * keystrokeRounds
      ) { await StoreBenchmarks.sendWithListener(keystrokeActions, rounds: keystrokeRounds) },
      Benchmark(
        name: "render_lower_bound", label: "render lower bound: prepared lines (baseline)",
        operations: renderCount
      ) {
        var total = 0
        for index in 0..<renderCount { total &+= prepared[index % 3].assemble().utf8.count }
        return total
      },
      Benchmark(
        name: "render_40_columns", label: "TextRenderer.render (40 columns)",
        operations: renderCount
      ) {
        var total = 0
        for index in 0..<renderCount { total &+= renderer.render(screens[index % 3]).utf8.count }
        return total
      },
      Benchmark(
        name: "replay_typing_line", label: "login-replay line, typing only",
        operations: typingCycles * SessionGenerator.typingCycleLines
      ) {
        let output = DiscardingOutput()
        let status = await ReplayCommand.run([typingPath], output: output)
        return Int(status.rawValue) &+ output.lines
      },
      Benchmark(
        name: "replay_check_typing_line", label: "login-replay check pass, typing line",
        operations: typingCycles * SessionGenerator.typingCycleLines
      ) { (try? SessionChecker.check(path: typingPath).count) ?? -1 },
      Benchmark(
        name: "replay_request_line", label: "login-replay line, 10-line cycle with 2 requests",
        operations: requestCycles * 10
      ) {
        let output = DiscardingOutput()
        let status = await ReplayCommand.run([requestPath], output: output)
        return Int(status.rawValue) &+ output.lines
      },
      // The measurements login-bench printed before the baselines, kept so that none gets slower.
      Benchmark(
        name: "reduce_typing_session", label: "reduce (typing session)",
        operations: session.count * 2_000 / scale
      ) {
        var total = 0
        for _ in 0..<(2_000 / scale) {
          var state = LoginState()
          for action in session {
            let result = reduce(state, action)
            state = result.state
            total &+= result.effects.count
          }
          total &+= state.attempt
        }
        return total
      },
      Benchmark(
        name: "store_send_session_virtual_clock", label: "LoginStore.send (session, virtual clock)",
        operations: session.count * 200 / scale
      ) { await StoreBenchmarks.typingSessionWithRequests(session, rounds: 200 / scale) },
      Benchmark(
        name: "store_send_typing_fresh_stores", label: "LoginStore.send (typing, fresh stores)",
        operations: 28 * 200 / scale
      ) { await StoreBenchmarks.typingOnly(Array(session.prefix(28)), rounds: 200 / scale) },
    ]
  }

  /// The ratios and their targets (see Docs/Performance.md).
  static let ratios: [RatioDefinition] = [
    RatioDefinition(
      key: "reduce_over_raw",
      kind: .over(numerator: "keystroke_reduce", denominator: "keystroke_raw"),
      target: .atMost(2.0)),
    RatioDefinition(
      key: "seed_over_reduce",
      kind: .over(numerator: "keystroke_seed_view_model", denominator: "keystroke_reduce"),
      target: .atLeast(50)),
    RatioDefinition(
      key: "send_over_actor_hop",
      kind: .over(numerator: "store_send_no_listener", denominator: "actor_hop"),
      target: .atMost(2.0)),
    RatioDefinition(
      key: "render_over_lower_bound",
      kind: .over(numerator: "render_40_columns", denominator: "render_lower_bound"),
      target: .atMost(30)),
    RatioDefinition(
      key: "replay_typing_line_over_send",
      kind: .over(numerator: "replay_typing_line", denominator: "store_send_no_listener"),
      target: .atMost(3.0)),
    RatioDefinition(
      key: "replay_request_lines_per_second", kind: .perSecond("replay_request_line"),
      target: .atLeast(300_000)),
  ]
}
