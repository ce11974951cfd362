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

  /// Writes `cycles` request cycles to a temporary file and returns its path.
  static func write(cycles: Int) throws -> String {
    try write(cycle, cycles: cycles, name: "requests")
  }

  /// Writes `cycles` typing cycles to a temporary file and returns its path.
  static func writeTyping(cycles: Int) throws -> String {
    try write(typingCycle, cycles: cycles, name: "typing")
  }

  private static func write(_ cycle: String, cycles: Int, name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("login-bench-\(name)-\(cycles).login").path
    let text = String(repeating: cycle, count: cycles)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
