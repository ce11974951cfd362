/// Finds the ``VirtualClock`` a clock reads its time from, when it wraps one.
///
/// A clock that wraps a virtual clock (a type-erasing box, an app's own test clock built on
/// one) forwards `now` to it. Reading the wrapper's `now` with a probe bound to the task lets
/// the virtual clock say so, and the store then runs its work on that virtual clock, tracked:
/// advancing it stays as deterministic as with the virtual clock itself.
final class ClockProbe: Sendable {
  /// The probe the current task reads a clock with, if any.
  @TaskLocal static var current: ClockProbe?

  private let found = Locked<VirtualClock?>(nil)

  /// The virtual clock behind `clock`: `clock` itself, or the first one whose `now` it read.
  static func virtualClock<C: Clock>(behind clock: C) -> VirtualClock? {
    if let virtual = clock as? VirtualClock { return virtual }
    let probe = ClockProbe()
    _ = ClockProbe.$current.withValue(probe) { clock.now }
    return probe.found.withLock { $0 }
  }

  /// A virtual clock's `now` was read while this probe was bound.
  func record(_ clock: VirtualClock) {
    found.withLock { found in
      if found == nil { found = clock }
    }
  }
}
