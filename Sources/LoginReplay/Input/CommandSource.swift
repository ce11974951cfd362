/// Where a run takes its commands from, one located command (or bad line) at a time: the
/// one input path of a replay, whatever the session's length.
///
/// A regular file is read by a ``SessionCommandSequence`` (after its check, again from the
/// start); standard input and pipes, which block, by a ``ThreadedCommandSource``.
protocol CommandSource {
  /// The next command or bad line, or `nil` at the end of the session.
  func next() async -> Result<LocatedCommand, SessionError>?
}

extension SessionCommandSequence: CommandSource {}
