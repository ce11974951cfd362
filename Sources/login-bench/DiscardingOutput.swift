import LoginReplay

/// A replay output that counts lines and keeps nothing, so the benchmark measures the engine.
final class DiscardingOutput: ReplayOutput {
  /// How many lines were written to either stream.
  private(set) var lines = 0

  func writeLine(_ text: String) { lines += 1 }
  func writeErrorLine(_ text: String) { lines += 1 }
  func flush() {}
}
