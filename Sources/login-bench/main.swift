// login-bench: measures LoginFlow's hot paths against baselines, in one release run.
//
//   swift run -c release login-bench [--json] [--quick] [--only NAME,…]   (--help lists NAMEs)
//
// Every measurement runs in interleaved passes (each pass times each measurement once, the
// order reversing from pass to pass) and reports its median; each ratio is the median of its
// per-pass ratios, so drift of a busy machine cancels. `--json` prints one JSON object
// (`results`, `ratios`); `--quick` runs few, short passes, for CI, whose numbers mean nothing.
// Speed is measured here, never in tests. `Docs/Performance.md` explains the baselines.

import Foundation
import LoginFlow
import LoginRendering
import LoginReplay
import LoginRuntime

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
/// `--only NAME[,NAME…]`: run only these measurements, for profiling one path.
let only = arguments.firstIndex(of: "--only").flatMap { index in
  index + 1 < arguments.count
    ? Set(arguments[index + 1].split(separator: ",").map(String.init)) : nil
}
let help = arguments.contains("--help") || arguments.contains("-h")
let usage = "usage: login-bench [--json] [--quick] [--only NAME,…] [--help]"

/// Prints `message` and the usage line on standard error, and exits with status 2.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
  exit(2)
}

let known: Set<String> = ["--json", "--quick", "--only", "--help", "-h"]
if let unknown = arguments.enumerated().first(where: { index, argument in
  !known.contains(argument) && (index == 0 || arguments[index - 1] != "--only")
}) {
  fail("unknown argument \(unknown.element)")
}
if arguments.last == "--only" { fail("--only needs NAME[,NAME…]") }

/// Sizes: `quick` divides the work so that CI only checks that everything still runs.
let scale = quick ? 50 : 1
let passes = quick ? 2 : 9

/// A fixed, realistic session: type an email and a password one character at a time,
/// toggle, submit, fail, retry, succeed, log out.
func typingSession() -> [LoginAction] {
  Keystrokes.typing.map(\.action) + [
    .passwordVisibilityToggled, .submitTapped,
    .authResponse(attempt: 1, .failure(.networkUnavailable)),
    .submitTapped, .authResponse(attempt: 2, .success(AuthSession(token: "t"))), .logoutTapped,
  ]
}

let session = typingSession()
let keystrokes = Keystrokes.typing
let keystrokeActions = keystrokes.map(\.action)
let keystrokeRounds = 4_000 / scale

// The renderer: one screen per state, as `snapshot` does; the lower bound assembles the same
// screens from their lines, prepared in advance.
let renderer = TextRenderer()
let screens = [
  LoginState(email: "demo@example.com", password: "Password123!", phase: .editing),
  LoginState(email: "demo@example.com", password: "Password123!", phase: .submitting, attempt: 1),
  LoginState(email: "用户@例子.广告", password: "pw", phase: .failed(.networkUnavailable)),
]
let prepared = screens.map { PreparedScreen(renderer.render($0)) }
let renderCount = 3_000 / scale

let requestCycles = 1_000 / scale
let requestPath = try SessionGenerator.write(cycles: requestCycles)
let typingCycles = 1_000 / scale
let typingPath = try SessionGenerator.writeTyping(cycles: typingCycles)

let benchmarks: [Benchmark] = [
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
    name: "render_40_columns", label: "TextRenderer.render (40 columns)", operations: renderCount
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

let ratios: [RatioDefinition] = [
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

if help {
  print(usage)
  print(
    """

    Measures LoginFlow's hot paths against baselines timed in the same run (see
    Docs/Performance.md). --json prints one JSON object (results and ratios); --quick runs
    a few short passes whose numbers mean nothing (CI); --only runs the named measurements
    (and every ratio of two of them):
    """)
  for benchmark in benchmarks { print("  \(benchmark.name)  (\(benchmark.label))") }
  exit(0)
}
if let unknownNames = only?.subtracting(benchmarks.map(\.name)),
  let name = unknownNames.sorted().first
{
  fail("no measurement is named \(name) (login-bench --help lists them)")
}

let selected = only.map { names in benchmarks.filter { names.contains($0.name) } } ?? benchmarks
// With --only, the ratios whose measurements were all selected.
let selectedRatios = ratios.filter { definition in
  switch definition.kind {
  case .over(let numerator, let denominator):
    selected.contains { $0.name == numerator } && selected.contains { $0.name == denominator }
  case .perSecond(let name): selected.contains { $0.name == name }
  }
}
let suite = BenchmarkSuite(benchmarks: selected, ratios: selectedRatios, passes: passes)
let outcome = await suite.run()
print(json ? outcome.json(passes: passes, quick: quick) : outcome.text(passes: passes))
