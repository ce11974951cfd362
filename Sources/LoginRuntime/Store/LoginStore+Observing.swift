import LoginFlow

/// Watching a store: its state at once, its state and event streams, and observations.
extension LoginStore {
  /// The current state, read at once from any thread: for a front end on the main actor that
  /// must draw now, without awaiting the store. It is ``state`` as the store's last action
  /// left it, the fields typed byte for byte; the state streams show each change of it.
  public nonisolated var currentState: LoginState {
    publisher.snapshot.state
  }

  /// A stream that first yields the current state, then the changes, in order.
  ///
  /// Any number of streams may run at once; each ends when the store closes or goes away.
  ///
  /// - Parameter buffering: What the stream keeps while its subscriber has not read.
  ///   ``StreamBuffering/newest`` by default: a state is the whole screen, so a screen only
  ///   needs the latest, and a subscriber that lags (a view off screen, a task not scheduled
  ///   yet) costs one state, not every state since. Pass ``StreamBuffering/all`` to read every
  ///   change in order, as a test or a replay printing each step does.
  public nonisolated func states(
    buffering: StreamBuffering = .newest
  ) -> AsyncStream<LoginState> {
    publisher.subscribe(buffering: buffering, \.state)
  }

  /// Calls `body` with the current state, then with the changes, until the returned
  /// observation is cancelled or goes away, or the store closes or goes away.
  ///
  /// The observation holds the store's stream, not the store: a dropped store ends it.
  ///
  /// ```swift
  /// let observation = store.observe { state in print(state.phase) }
  /// ```
  ///
  /// - Parameters:
  ///   - buffering: What is kept while `body` runs; the newest state by default.
  ///   - body: Called in order, one state at a time.
  public nonisolated func observe(
    buffering: StreamBuffering = .newest,
    _ body: @escaping @Sendable (LoginState) async -> Void
  ) -> StoreObservation {
    let states = states(buffering: buffering)
    return StoreObservation(
      Task {
        for await state in states {
          guard !Task.isCancelled else { return }
          await body(state)
        }
      })
  }

  /// A stream of the events from now on, in order; it ends when the store closes or goes
  /// away.
  ///
  /// - Parameter buffering: What the stream keeps while its subscriber has not read. By
  ///   default the newest ``defaultEventBuffer`` events: a logger that lags far behind loses
  ///   the oldest, and ``droppedEventCount`` says how many, while a subscriber that never
  ///   reads costs bounded memory. Pass ``StreamBuffering/all`` for every event however far
  ///   the subscriber lags (a test, a trace that must not skip), or
  ///   ``StreamBuffering/newest`` for a view that only shows the latest event.
  public nonisolated func events(
    buffering: StreamBuffering = .latest(LoginStore.defaultEventBuffer)
  ) -> AsyncStream<StoreEvent> {
    eventBroadcaster.subscribe(buffering: buffering) { $0 }
  }

  /// How many events the ``events(buffering:)`` streams have lost so far, all streams
  /// together, because a subscriber lagged past its buffer.
  public nonisolated var droppedEventCount: Int { eventBroadcaster.droppedCount }

  /// How many unread events an event stream keeps by default: 1,000.
  public static let defaultEventBuffer = 1_000

  /// The latest state with its version, readable from any thread.
  nonisolated var latestSnapshot: StateSnapshot {
    publisher.snapshot
  }

  /// A stream of versioned snapshots, starting with the current one.
  nonisolated func versionedStates(buffering: StreamBuffering) -> AsyncStream<StateSnapshot> {
    publisher.subscribe(buffering: buffering) { $0 }
  }
}
