import LoginFlow
import LoginRendering
import LoginReplay
import LoginRuntime

/// Every measurement of `login-bench` at one size: the samples of the budgets, the
/// information's measurements, and the session files the replay measurements read.
/// `--quick` divides the work by ``quickScale`` so that CI only checks that everything still
/// runs.
struct Measurements {
  /// How much less work `--quick` does.
  static let quickScale = 50
  /// The passes of the information's measurements.
  static let passes = 9
  /// The passes of a `--quick` run.
  static let quickPasses = 2
  /// The ratio of the information whose samples are ``Budget/seedRatio``'s.
  static let seedRatioKey = "seed_over_reduce"

  /// Whether this is a `--quick` run.
  let quick: Bool
  /// The divisor of every count: 1, or ``quickScale``.
  let scale: Int
  /// The cycles of the information's request session (10 lines, 2 requests each).
  let requestCycles: Int
  /// The cycles of the typing session (``SessionGenerator/typingCycleLines`` lines each).
  let typingCycles: Int
  /// Where the information's request session is written.
  let requestPath: String
  /// Where the typing session is written.
  let typingPath: String
  /// The cycles of one run of ``Budget/replay``'s session: a sample is one run.
  let budgetReplayCycles: Int
  /// Where ``Budget/replay``'s session is written.
  let budgetReplayPath: String

  /// The measurements at full size, or divided by ``quickScale`` when `quick`.
  init(quick: Bool) {
    self.quick = quick
    scale = quick ? Self.quickScale : 1
    requestCycles = 1_000 / scale
    typingCycles = 1_000 / scale
    requestPath = SessionGenerator.path(of: .requests, cycles: requestCycles)
    typingPath = SessionGenerator.path(of: .typing, cycles: typingCycles)
    budgetReplayCycles = quick ? 20 : 1_000
    budgetReplayPath = SessionGenerator.path(of: .requests, cycles: budgetReplayCycles)
  }

  /// The passes of the information's measurements (and of ``Budget/seedRatio``'s samples).
  var passes: Int { quick ? Self.quickPasses : Self.passes }

  /// The rounds of ``Keystrokes/typing`` sent for ``Budget/keystroke``: a sample a send.
  var budgetKeystrokeRounds: Int { quick ? 20 : 2_000 }
  /// The frames rendered for ``Budget/frame``: a sample a frame.
  var budgetFrames: Int { quick ? 60 : 3_000 }
  /// The runs of ``Budget/replay``'s session: a sample a run.
  var budgetReplayRuns: Int { quick ? 3 : 20 }
  /// The runs of each program for ``Budget/startup``.
  var budgetStartupRuns: Int { quick ? 3 : 40 }

  /// The screens the frame measurements draw, in turn: editing, submitting, and a CJK email
  /// after a network failure.
  static let screens = [
    LoginState(email: "demo@example.com", password: "Password123!", phase: .editing),
    LoginState(
      email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1),
    LoginState(email: "用户@例子.广告", password: "pw", phase: .failed(.networkUnavailable)),
  ]

  /// Writes the session files the replay measurements read.
  func writeSessions() throws {
    try SessionGenerator.write(.requests, cycles: requestCycles, to: requestPath)
    try SessionGenerator.write(.typing, cycles: typingCycles, to: typingPath)
    try SessionGenerator.write(.requests, cycles: budgetReplayCycles, to: budgetReplayPath)
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

  /// Every measurement of the information, in the order they are reported.
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
    let screens = Self.screens
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
        operations: requestCycles * SessionGenerator.cycleLines
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

  /// The ratios of the information: no target (the targets are the ``Budget``s), except
  /// ``seedRatioKey``, whose samples are ``Budget/seedRatio``'s.
  static let ratios: [RatioDefinition] = [
    RatioDefinition(
      key: "reduce_over_raw", numerator: "keystroke_reduce", denominator: "keystroke_raw"),
    RatioDefinition(
      key: seedRatioKey, numerator: "keystroke_seed_view_model",
      denominator: "keystroke_reduce"),
    RatioDefinition(
      key: "send_over_actor_hop", numerator: "store_send_no_listener", denominator: "actor_hop"),
    RatioDefinition(
      key: "render_over_lower_bound", numerator: "render_40_columns",
      denominator: "render_lower_bound"),
    RatioDefinition(
      key: "replay_typing_line_over_send", numerator: "replay_typing_line",
      denominator: "store_send_no_listener"),
  ]
}
