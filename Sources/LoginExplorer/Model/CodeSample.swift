/// A representative code: the classes the code step tells apart.
public enum CodeSample: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Nothing typed.
  case empty
  /// Some digits, not all.
  case partial
  /// Every digit: typing the last one starts the check.
  case complete

  /// The digits typed, for the explorer's challenge (``Fate/challenge(timeout:)``). The
  /// complete code is a secret the outputs must not show (invariant 6).
  public var text: String {
    switch self {
    case .empty: ""
    case .partial: "73"
    case .complete: "739164"
    }
  }

  /// The sample's name, such as `partial`; never the code.
  public var description: String { rawValue }
}
