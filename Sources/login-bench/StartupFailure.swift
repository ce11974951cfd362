/// Why the start-up budget could not be measured: a program missing next to `login-bench`,
/// or one that could not be spawned or failed. The reason is reported with the budget, which
/// is then not met.
struct StartupFailure: Error, Sendable {
  /// The reason, one sentence, for the table and the JSON object.
  var reason: String

  /// A failure for `reason`.
  init(_ reason: String) {
    self.reason = reason
  }
}
