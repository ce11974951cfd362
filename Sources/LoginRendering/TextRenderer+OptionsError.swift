extension TextRenderer {
  /// Why a set of render options was refused.
  public enum OptionsError: Error, Equatable, Hashable, Sendable {
    /// The requested width is outside ``TextRenderer/Options/widthRange``.
    case widthOutOfRange(Int)

    /// A sentence for the user, e.g. for `login-replay --width`.
    public var message: String {
      switch self {
      case .widthOutOfRange(let width):
        let range = Options.widthRange
        return "width \(width) is out of range: use \(range.lowerBound) to \(range.upperBound)"
      }
    }
  }
}
