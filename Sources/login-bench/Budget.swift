/// LoginFlow's performance budgets: each one what is measured, its limit and unit, and which
/// statistic of the samples is judged against the limit.
///
/// This is the one definition of the budgets. `login-bench`'s table, its `--json` object, its
/// help and the budget table of `Docs/Performance.md` (kept equal by `LoginBenchTests`) are
/// all derived from it, so a limit changes in one place.
enum Budget: String, CaseIterable, Sendable {
  /// A keystroke through the store with one `states()` subscriber draining the stream.
  case keystroke = "keystroke_store_subscriber"
  /// One 40-column frame of the text renderer.
  case frame = "frame_render_40_columns"
  /// The replay engine driving a session of request cycles on its virtual clock.
  case replay = "replay_request_cycle"
  /// The start-up of the real `login-replay` binary, over the start-up baseline's.
  case startup = "startup_login_replay"
  /// The seed tutorial's view model over our keystroke, per keystroke.
  case seedRatio = "seed_view_model_ratio"

  /// Which side of its limit a measurement must stay on.
  enum Bound: Sendable {
    /// A time or a cost: at most the limit.
    case atMost
    /// A rate or a speed-up: at least the limit.
    case atLeast

    /// `<=` or `>=`, as the table and the JSON object print it.
    var symbol: String {
      switch self {
      case .atMost: "<="
      case .atLeast: ">="
      }
    }

    /// Whether `value` is on the right side of `limit`.
    func holds(_ value: Double, within limit: Double) -> Bool {
      switch self {
      case .atMost: value <= limit
      case .atLeast: value >= limit
      }
    }
  }

  /// The statistic of the samples that `met` compares with the limit.
  enum Judged: String, Sendable {
    /// The 99th percentile on the bad side (see ``Distribution/p99(for:)``): one sample in a
    /// hundred may be worse. For a time or a rate that a user feels on every event.
    case p99
    /// The median: for a ratio of two measurements, whose tail is the noise of both sides
    /// rather than the code's, and for the rate of a whole run, which a user waits for once
    /// (its tail over runs is the machine's noise, not a slow event).
    case median
  }

  /// The key in `--json`'s `budgets`, and in `--only`.
  var name: String { rawValue }

  /// The limit, in ``unit``.
  var limit: Double {
    switch self {
    case .keystroke: 20
    case .frame: 1
    case .replay: 100_000
    case .startup: 1.2
    case .seedRatio: 10
    }
  }

  /// The unit of the limit and of every statistic reported for the budget.
  var unit: String {
    switch self {
    case .keystroke: "us"
    case .frame: "ms"
    case .replay: "lines/s"
    case .startup, .seedRatio: "ratio"
    }
  }

  /// Which side of ``limit`` the judged statistic must stay on.
  var bound: Bound {
    switch self {
    case .keystroke, .frame, .startup: .atMost
    case .replay, .seedRatio: .atLeast
    }
  }

  /// What `met` compares with the limit.
  var judged: Judged {
    switch self {
    case .keystroke, .frame: .p99
    case .replay, .startup, .seedRatio: .median
    }
  }

  /// What is measured, one sentence: for the help, the table of `Docs/Performance.md`.
  var summary: String {
    switch self {
    case .keystroke:
      "LoginStore.send of one edit action, with one states() subscriber task draining the "
        + "stream (the configuration every screen runs), sender, subscriber and store on one "
        + "thread as a screen's main thread runs them, each send timed on its own"
    case .frame:
      "TextRenderer.render of one frame at the default 40 columns (editing, submitting, a "
        + "CJK email after a network failure, in turn), each frame timed on its own"
    case .replay:
      "ReplayCommand.run of a generated session of 1,000 10-line request cycles (a failed "
        + "attempt, a retry, a logout) on its virtual clock, output discarded; one sample a run"
    case .startup:
      "median start-up of `login-replay --version` over the median of `startup-baseline` "
        + "(Foundation and FoundationNetworking, prints hello), both spawned in turn"
    case .seedRatio:
      "the seed tutorial's view model (SeedLoginViewModel) over reduce + canSubmit + "
        + "emailError, per keystroke, the same keystrokes timed A B B A in each pass"
    }
  }

  /// The limit as the tables print it: `p99 <= 20 us`, `median >= 10 ratio`.
  var limitText: String {
    "\(judged.rawValue) \(bound.symbol) \(BenchFormat.limit(limit)) \(unit)"
  }

  /// The budget table of `Docs/Performance.md`, one row per budget: the document shows
  /// exactly this (a test compares the two).
  static var markdownTable: String {
    let rows = allCases.map { budget in
      "| `\(budget.name)` | \(budget.judged.rawValue) | \(budget.bound.symbol) | "
        + "\(BenchFormat.limit(budget.limit)) | \(budget.unit) | \(budget.summary) |"
    }
    return
      ([
        "| budget | judged | bound | limit | unit | what is measured |",
        "|---|---|---|---:|---|---|",
      ]
      + rows).joined(separator: "\n")
  }
}
