/// The mutable state of a ``VirtualClock``, always accessed under the clock's lock.
///
/// It holds the time, the pending sleepers and the bookkeeping of ``WorkUnit``s. Every method
/// is synchronous and returns the continuations to resume, which the clock resumes after it
/// has released the lock.
///
/// Each continuation is resumed exactly once: whoever resumes one first takes it out of this
/// state, under the lock.
struct VirtualClockState {
  /// A task waiting for a deadline.
  struct Sleeper {
    /// Registration order: ties between equal deadlines resolve by this id.
    let id: Int
    /// When the sleeper is due.
    let deadline: VirtualClock.Instant
    /// The unit the sleeping task works for, if any.
    let unit: Int?
    /// Set once the task actually waits; `nil` for a registered sleeper not yet waiting.
    var continuation: CheckedContinuation<Void, any Error>?
    /// A timer's work, started in a task of its own only when the deadline comes: no task
    /// waits for it meanwhile (most timers are withdrawn before they fire).
    var fire: (@Sendable () async -> Void)? = nil
  }

  /// What happened when a task began to wait for its registered sleeper.
  enum Attachment {
    /// The task now waits; resume these idle waiters (the unit went to sleep).
    case waiting([CheckedContinuation<Void, Never>])
    /// The deadline already passed while the task was on its way: return at once.
    case fired
    /// The sleeper was cancelled: throw `CancellationError`.
    case cancelled
  }

  /// What the next step of an advance is.
  enum Step {
    /// Nothing else is due; the clock now shows the target.
    case done
    /// Resume this sleeper, then wait until the work it triggers is done.
    case resume(CheckedContinuation<Void, any Error>?)
    /// A timer is due: start its work in a task for `unit` (already awake), then wait until
    /// that work is done.
    case fire(unit: Int, @Sendable () async -> Void)
  }

  var now: VirtualClock.Instant
  private var nextSleeperID = 0
  private(set) var sleepers: [Int: Sleeper] = [:]
  private var fired: Set<Int> = []
  private var nextUnitID = 0
  private var liveUnits: Set<Int> = []
  private var awakeUnits: Set<Int> = []
  private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextIdleWaiterID = 0

  init(now: VirtualClock.Instant) {
    self.now = now
  }

  /// The earliest deadline of a pending sleeper.
  var nextDeadline: VirtualClock.Instant? {
    sleepers.values.map(\.deadline).min()
  }

  /// The earliest deadline of tracked work: a timer, or a sleeper that works for a unit.
  var nextTrackedDeadline: VirtualClock.Instant? {
    sleepers.values.filter { $0.unit != nil || $0.fire != nil }.map(\.deadline).min()
  }

  /// Whether no tracked unit is awake.
  var isIdle: Bool { awakeUnits.isEmpty }

  /// How many tracked units exist (their tasks have not ended), awake or not.
  var liveUnitCount: Int { liveUnits.count }

  // MARK: Units

  /// A new unit, awake from the start.
  mutating func makeUnit() -> Int {
    nextUnitID += 1
    liveUnits.insert(nextUnitID)
    awakeUnits.insert(nextUnitID)
    return nextUnitID
  }

  /// Marks `unit` awake or not; returns the idle waiters to resume when nothing is awake now.
  mutating func setAwake(_ unit: Int, _ awake: Bool) -> [CheckedContinuation<Void, Never>] {
    guard liveUnits.contains(unit) else { return [] }
    if awake {
      awakeUnits.insert(unit)
      return []
    }
    awakeUnits.remove(unit)
    return takeIdleWaitersIfIdle()
  }

  /// Forgets `unit` (its task ended); returns the idle waiters to resume.
  mutating func retire(_ unit: Int) -> [CheckedContinuation<Void, Never>] {
    liveUnits.remove(unit)
    awakeUnits.remove(unit)
    return takeIdleWaitersIfIdle()
  }

  /// Registers a waiter for the moment no unit is awake, under the id returned; `nil` when
  /// that is already so.
  mutating func addIdleWaiter(_ waiter: CheckedContinuation<Void, Never>) -> Int? {
    guard !isIdle else { return nil }
    nextIdleWaiterID += 1
    idleWaiters[nextIdleWaiterID] = waiter
    return nextIdleWaiterID
  }

  /// Removes idle waiter `id` (its task was cancelled); returns it to resume, if still there.
  mutating func removeIdleWaiter(_ id: Int) -> CheckedContinuation<Void, Never>? {
    idleWaiters.removeValue(forKey: id)
  }

  private mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard awakeUnits.isEmpty, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters = [:] }
    return Array(idleWaiters.values)
  }

  // MARK: Sleepers

  /// Registers a sleeper for `deadline`; the task waits for it later with ``attach(_:to:)``.
  mutating func register(deadline: VirtualClock.Instant, unit: Int?) -> Int {
    nextSleeperID += 1
    sleepers[nextSleeperID] = Sleeper(
      id: nextSleeperID, deadline: deadline, unit: unit, continuation: nil)
    return nextSleeperID
  }

  /// Registers a timer for `deadline`: at the deadline an advance starts `fire` in a task of
  /// its own (``Step/fire(unit:_:)``); withdrawn before then (``cancel(_:)``), nothing runs.
  mutating func registerTimer(
    deadline: VirtualClock.Instant, _ fire: @escaping @Sendable () async -> Void
  ) -> Int {
    nextSleeperID += 1
    sleepers[nextSleeperID] = Sleeper(
      id: nextSleeperID, deadline: deadline, unit: nil, continuation: nil, fire: fire)
    return nextSleeperID
  }

  /// The task of sleeper `id` starts waiting on `continuation`.
  mutating func attach(
    _ continuation: CheckedContinuation<Void, any Error>, to id: Int
  ) -> Attachment {
    if fired.remove(id) != nil { return .fired }
    guard var sleeper = sleepers[id] else { return .cancelled }
    sleeper.continuation = continuation
    sleepers[id] = sleeper
    guard let unit = sleeper.unit else { return .waiting([]) }
    return .waiting(setAwake(unit, false))
  }

  /// Removes sleeper `id`; returns its continuation (to throw into) if its task was waiting.
  ///
  /// The sleeping unit is marked awake first: its task is about to run again.
  mutating func cancel(_ id: Int) -> CheckedContinuation<Void, any Error>? {
    fired.remove(id)
    guard let sleeper = sleepers.removeValue(forKey: id) else { return nil }
    if sleeper.continuation != nil, let unit = sleeper.unit { _ = setAwake(unit, true) }
    return sleeper.continuation
  }

  /// Takes the first sleeper due at or before `target` (deadline order, then registration
  /// order), moves the time to its deadline and marks its unit awake. When none is due, the
  /// time moves to `target`.
  mutating func nextStep(through target: VirtualClock.Instant) -> Step {
    let due = sleepers.values.filter { $0.deadline <= target }
    guard let earliest = due.min(by: { ($0.deadline, $0.id) < ($1.deadline, $1.id) }),
      let first = sleepers.removeValue(forKey: earliest.id)
    else {
      now = max(now, target)
      return .done
    }
    now = max(now, first.deadline)
    if let fire = first.fire { return .fire(unit: makeUnit(), fire) }
    guard let continuation = first.continuation else {
      fired.insert(first.id)
      return .resume(nil)
    }
    if let unit = first.unit { _ = setAwake(unit, true) }
    return .resume(continuation)
  }
}
