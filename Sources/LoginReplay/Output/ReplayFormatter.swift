import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginRuntime
import LoginSimulation

/// Turns what happens in a replay into output lines, in the chosen format.
///
/// Text: each `snapshot` is the rendered screen under a header, and with `--trace` every
/// transition and every step of an auth request is one line. JSON lines: one object per
/// action, plus one object for each command that is not an action (`respond`, `wait`,
/// `settle`, `expect`, `snapshot`), for each rejected line and for the summary; each object
/// says what it is in `"type"`. Nothing here ever holds a token, and the password appears
/// only where the screen shows it (made visible by the session). `Docs/SessionFormat.md`
/// documents both shapes.
///
struct ReplayFormatter {
  let format: ReplayOptions.Format
  let trace: Bool
  let renderer: TextRenderer
  /// Whether times come from the real clock (cut to milliseconds).
  let realClock: Bool

  /// A formatter writing `format` (with `trace` lines in the text format), drawing screens
  /// with `renderer`; `realClock` times are cut to milliseconds.
  init(format: ReplayOptions.Format, trace: Bool, renderer: TextRenderer, realClock: Bool) {
    self.format = format
    self.trace = trace
    self.renderer = renderer
    self.realClock = realClock
  }

  /// Whether the formatter needs the state after each action (JSON lines do).
  var needsStates: Bool { format != .text }

  /// A clock time as printed (see ``clockText(_:real:)``).
  func time(_ duration: Duration) -> String {
    Self.clockText(duration, real: realClock)
  }

  /// A clock time as replay output writes it: `0s`, `1.5s`, `30.25s`.
  ///
  /// On the virtual clock every time is exact, so it is written in full. On the real clock
  /// (`--auth URL`) it is cut to whole milliseconds: nanoseconds of jitter say nothing.
  /// Total: no `Duration` makes it trap.
  static func clockText(_ duration: Duration, real: Bool) -> String {
    // `components` traps beyond Int64 seconds; a real clock never gets near that, and
    // `format` writes such values exactly.
    let limit = Duration.seconds(1_000_000_000_000_000_000)
    guard real, (.zero - limit) < duration, duration < limit else {
      return DurationLiteral.format(duration)
    }
    let (seconds, attoseconds) = duration.components
    let perMillisecond: Int64 = 1_000_000_000_000_000
    return DurationLiteral.format(
      Duration(
        secondsComponent: seconds,
        attosecondsComponent: attoseconds / perMillisecond * perMillisecond))
  }

  /// The output for one action the store applied; `state` is the state after it and
  /// `before` the state before it (both when ``needsStates``).
  func transition(
    _ transition: StoreTransition, at when: Duration, line: Int, state: LoginState?,
    before: LoginState?
  ) -> String? {
    switch format {
    case .accessible:
      guard let state, let before else { return nil }
      let spoken = AccessibleScreen.announcements(from: before, to: state)
      guard !spoken.isEmpty else { return nil }
      return spoken.map { "[\(time(when))] line \(line) announces: \($0)" }
        .joined(separator: "\n")
    case .text:
      guard trace else { return nil }
      var text =
        "[\(time(when))] line \(line): \(transition.fromLabel) "
        + "--\(transition.actionDescription)--> \(transition.toLabel), effects: "
        + (transition.effects.isEmpty
          ? "none" : transition.effects.map(\.description).joined(separator: ", "))
      if !transition.changedState && transition.effects.isEmpty { text += " (ignored)" }
      return text
    case .jsonl:
      let effects = transition.effects.map { effect in
        var object: [String: JSONValue] = ["name": .string(effect.name)]
        if let request = effect.request { object["attempt"] = .int(request.number) }
        return JSONValue.object(object)
      }
      var object: [String: JSONValue] = [
        "type": .string("action"),
        "line": .int(line),
        "time": .string(time(when)),
        "action": .string(transition.actionDescription),
        "before": .string(transition.from.rawValue),
        "after": .string(transition.to.rawValue),
        "effects": .array(effects),
      ]
      if let state { object["state"] = StateJSON.value(of: state) }
      return JSONValue.object(object).text
    }
  }

  /// A step in the life of an auth request, or of the remembered session; its raw value is
  /// the `event` of JSON lines.
  enum LifecycleStep: String {
    case started
    case finished
    case cancelled
    case timedOut = "timed-out"
    /// The store dropped the answer of a request it no longer waited for.
    case dropped
    case sessionSaved = "session-saved"
    case sessionNotSaved = "session-not-saved"
    case sessionCleared = "session-cleared"
    case sessionNotCleared = "session-not-cleared"
    case sessionDiscarded = "session-discarded"

    /// What the text trace writes: before `authenticate(N)` for a request's step, the whole
    /// sentence (before a reason) for the session's.
    var traceWords: String {
      switch self {
      case .started, .finished, .cancelled: rawValue
      case .timedOut: "timed out"
      case .dropped: "dropped the late response to"
      case .sessionSaved: "saved the session"
      case .sessionNotSaved: "did not save the session"
      case .sessionCleared: "cleared the saved session"
      case .sessionNotCleared: "did not clear the saved session"
      case .sessionDiscarded: "discarded the saved session"
      }
    }
  }

  /// The output for a step in the life of an auth request or of the remembered session
  /// (only with `--trace`).
  func lifecycle(_ kind: StoreEvent.Kind, at when: Duration, line: Int) -> String? {
    guard trace else { return nil }
    let step: LifecycleStep
    var request: RequestID?
    var outcome: String?
    var duration: Duration?
    var reason: SessionStoreError?
    switch kind {
    case .transition:
      return nil
    case .effectStarted(let id):
      (step, request) = (.started, id)
    case .effectFinished(let id, let result, let took):
      (step, request, outcome, duration) = (.finished, id, result.name, took)
    case .effectCancelled(let id, let took):
      (step, request, duration) = (.cancelled, id, took)
    case .effectTimedOut(let id, let took):
      (step, request, duration) = (.timedOut, id, took)
    case .responseDropped(let id, let result, let took):
      (step, request, outcome, duration) = (.dropped, id, result.name, took)
    case .sessionSaved:
      step = .sessionSaved
    case .sessionNotSaved(let error):
      (step, reason) = (.sessionNotSaved, error)
    case .sessionCleared:
      step = .sessionCleared
    case .sessionNotCleared(let error):
      (step, reason) = (.sessionNotCleared, error)
    case .sessionDiscarded(let error):
      (step, reason) = (.sessionDiscarded, error)
    }
    switch format {
    case .text, .accessible:
      var text = "[\(time(when))] line \(line): \(step.traceWords)"
      if let request { text += " \(request)" }
      if let outcome { text += ": \(outcome)" }
      if let duration { text += " after \(time(duration))" }
      if let reason { text += ": \(Self.describe(reason))" }
      return text
    case .jsonl:
      var object: [String: JSONValue] = [
        "type": .string("event"),
        "line": .int(line),
        "time": .string(time(when)),
        "event": .string(step.rawValue),
      ]
      if let request { object["attempt"] = .int(request.number) }
      if let outcome { object["outcome"] = .string(outcome) }
      if let duration { object["duration"] = .string(time(duration)) }
      if let reason { object["reason"] = .string(Self.describe(reason)) }
      return JSONValue.object(object).text
    }
  }

  /// A `relaunch`: a trace line in text, an object in JSON lines (always: a program driving
  /// the replay needs to know the store is new), nothing otherwise.
  func relaunch(at when: Duration, line: Int) -> String? {
    switch format {
    case .text, .accessible:
      guard trace else { return nil }
      return "[\(time(when))] line \(line): relaunched"
    case .jsonl:
      return JSONValue.object([
        "type": .string(SessionCommand.Name.relaunch.word),
        "line": .int(line),
        "time": .string(time(when)),
      ]).text
    }
  }

  /// A `snapshot`: the rendered screen under its header, or a JSON object with the screen's
  /// lines and the state.
  func snapshot(of state: LoginState, at when: Duration, line: Int) -> String {
    let screen = renderer.render(state)
    switch format {
    case .text:
      let header = "--- line \(line) at \(time(when)): \(state.phase.kind.rawValue) ---"
      return "\(Self.wrapped(header, width: renderer.options.width))\n\(screen)\n"
    case .accessible:
      let header = "--- line \(line) at \(time(when)): \(state.phase.kind.rawValue) ---"
      let elements = AccessibleScreen.elements(of: state).map(\.spoken)
      return ([header] + elements).joined(separator: "\n") + "\n"
    case .jsonl:
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return JSONValue.object([
        "type": .string("snapshot"),
        "line": .int(line),
        "time": .string(time(when)),
        "phase": .string(state.phase.kind.rawValue),
        "screen": .array(lines.map { .string(String($0)) }),
        "state": StateJSON.value(of: state),
      ]).text
    }
  }

  /// The diagnostic line of a failed expectation, for standard error.
  func failure(
    _ evaluation: SessionCommand.Expectation.Evaluation, at location: SourceLocation
  ) -> String {
    "\(location.file):\(location.line): expectation failed: "
      + "expected \(evaluation.expected), got \(evaluation.actual)"
  }

  /// Whether every expectation is printed, passed or not (JSON lines); other formats print
  /// only the ones that fail, on standard error.
  var printsExpectations: Bool { format == .jsonl }

  /// The JSON object of an `expect` (text format prints nothing for one that holds).
  func expectation(
    _ expectation: SessionCommand.Expectation,
    _ evaluation: SessionCommand.Expectation.Evaluation, line: Int
  ) -> String? {
    guard printsExpectations else { return nil }
    return JSONValue.object([
      "type": .string("expect"),
      "line": .int(line),
      "subject": .string(expectation.subject.rawValue),
      "expected": .string(evaluation.expected),
      "actual": .string(evaluation.actual),
      "passed": .bool(evaluation.holds),
    ]).text
  }

  /// The JSON object of a `respond`.
  func respond(_ outcome: ScriptedOutcome, after delay: Duration, line: Int) -> String? {
    guard format == .jsonl else { return nil }
    return JSONValue.object([
      "type": .string("respond"),
      "line": .int(line),
      "outcome": .string(outcome.name),
      "after": .string(DurationLiteral.format(delay)),
    ]).text
  }

  /// The JSON object of a `wait` or a `settle`, once the clock has moved: the time now.
  func clockStep(_ command: SessionCommand.Name, at when: Duration, line: Int) -> String? {
    guard format == .jsonl else { return nil }
    return JSONValue.object([
      "type": .string(command.word),
      "line": .int(line),
      "time": .string(time(when)),
    ]).text
  }

  /// The JSON object of a bad line that was skipped (its diagnostic goes to standard error).
  func rejected(_ error: SessionError) -> String? {
    guard format == .jsonl else { return nil }
    return JSONValue.object([
      "type": .string("error"),
      "line": .int(error.location.line),
      "column": .int(error.location.column),
      "message": .string(error.message),
    ]).text
  }

  /// `text` (ASCII words) broken at blanks into lines of at most `width` columns, so that a
  /// header fits the screen it stands over however long its line number and time are.
  static func wrapped(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
        current = String(word)
      } else if current.utf8.count + 1 + word.utf8.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// The last line: actions run and expectations passed and failed.
  func summary(_ summary: ReplaySummary) -> String {
    switch format {
    case .text, .accessible:
      let expectations = summary.passed + summary.failed
      var text =
        "\(summary.actions) \(summary.actions == 1 ? "action" : "actions"), "
        + "\(expectations) \(expectations == 1 ? "expectation" : "expectations"): "
        + "\(summary.passed) passed, \(summary.failed) failed"
      if summary.rejectedLines > 0 {
        text +=
          ", \(summary.rejectedLines) bad \(summary.rejectedLines == 1 ? "line" : "lines") skipped"
      }
      return text
    case .jsonl:
      return JSONValue.object([
        "type": .string("summary"),
        "actions": .int(summary.actions),
        "passed": .int(summary.passed),
        "failed": .int(summary.failed),
        "rejected": .int(summary.rejectedLines),
      ]).text
    }
  }

  /// How `login-replay` words a session store's `error`: the file is "the session file given
  /// with --session-file", never its path, as no message repeats what was typed on the
  /// command line.
  static func describe(_ error: SessionStoreError) -> String {
    guard error.path != nil else { return error.description }
    return error.description(naming: "the session file given with --session-file")
  }
}
