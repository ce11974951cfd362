/// BASELINE, not our code: the bare actor hop, an actor method that stores an Int, and
/// nothing else.
actor BareActor {
  private var value = 0

  /// Stores `newValue` and returns the value it replaces, so that the caller has an answer to
  /// use after the call, as every caller of `send` has (its effects).
  func store(_ newValue: Int) -> Int {
    defer { value = newValue }
    return value
  }
}
