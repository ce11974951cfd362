import Foundation

/// Writes long session files of realistic cycles, for the replay benchmarks.
enum SessionGenerator {
  /// The cycle: a failed attempt, a retry that succeeds, a logout, some typing.
  static let cycle = """
    respond invalid-credentials
    set email demo@example.com
    set password Password123!
    submit
    wait 1.5s
    expect phase failed
    submit
    settle
    expect phase succeeded
    logout

    """

  /// The lines of one ``cycle``.
  static let cycleLines = 10

  /// A typing-only cycle: one action or one check per line, no request.
  static let typingCycle = """
    set email demo@example.com
    type password x
    set password Password123!
    toggle-password
    expect phase editing
    expect can-submit true
    toggle-password
    expect password-visible false

    """

  /// The lines of one ``typingCycle``.
  static let typingCycleLines = 8

  /// A session of the replay measurements.
  enum Kind: String {
    /// ``cycle``s: requests, answers and typing.
    case requests
    /// ``typingCycle``s: typing only.
    case typing

    /// One cycle of the session.
    var cycle: String {
      switch self {
      case .requests: SessionGenerator.cycle
      case .typing: SessionGenerator.typingCycle
      }
    }
  }

  /// Where a session of `cycles` cycles of `kind` is written: a temporary file.
  static func path(of kind: Kind, cycles: Int) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("login-bench-\(kind.rawValue)-\(cycles).login").path
  }

  /// Writes `cycles` cycles of `kind` to `path`.
  static func write(_ kind: Kind, cycles: Int, to path: String) throws {
    let text = String(repeating: kind.cycle, count: cycles)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
