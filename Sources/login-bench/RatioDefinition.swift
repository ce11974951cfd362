/// A ratio of two measurements of the information (no target: the targets are the
/// ``Budget``s): the numerator's ns per operation over the denominator's, sampled once per
/// pass with both timed side by side.
struct RatioDefinition: Sendable {
  /// The key in `--json`'s `information.ratios`.
  var key: String
  /// The name of the measurement over the other.
  var numerator: String
  /// The name of the measurement it is compared with.
  var denominator: String
}
