import Foundation

/// Writes a long session file of a realistic ten-line cycle, for the replay benchmark.
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

  /// Writes `cycles` cycles to a temporary file and returns its path.
  static func write(cycles: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("login-bench-\(cycles).login").path
    let text = String(repeating: cycle, count: cycles)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
