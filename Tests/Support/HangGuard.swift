import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a suite that waits on the store, a server or a program: long enough
  /// that waiting for a turn on two busy cores (the whole suite runs at once) never trips
  /// it, short enough that a hang ends the run. A guard against hangs, never a timing test.
  public static var hangGuard: Self { .timeLimit(.minutes(3)) }
}
