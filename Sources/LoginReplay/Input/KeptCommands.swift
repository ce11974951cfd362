/// The parsed commands of a checked session file, kept for the run so that the file is read
/// and parsed once (``SessionChecker``): the check appends each command, the run takes each
/// one out in turn, moving it rather than copying it, and the commands the run never takes
/// go away with the keeper.
///
/// One task at a time owns it: the check that fills it, then the run that empties it.
package final class KeptCommands: RandomAccessCollection, @unchecked Sendable {
  // @unchecked: the commands' memory and both indices are touched by one task at a time.
  private let base: UnsafeMutablePointer<LocatedCommand>
  /// The most commands it keeps; room for them is taken at once (pages no command reaches are
  /// never touched, so a short session costs no more memory than its commands).
  package let capacity: Int
  /// The next command to take.
  @exclusivity(unchecked) package private(set) var startIndex = 0
  /// Past the last command appended.
  @exclusivity(unchecked) package private(set) var endIndex = 0

  /// Room for `capacity` commands, none kept yet.
  package init(capacity: Int) {
    self.capacity = Swift.max(capacity, 0)
    base = .allocate(capacity: self.capacity)
  }

  /// `commands`, as a check that kept them would have.
  package convenience init(_ commands: [LocatedCommand]) {
    self.init(capacity: commands.count)
    for command in commands { append(command) }
  }

  deinit {
    (base + startIndex).deinitialize(count: endIndex - startIndex)
    base.deallocate()
  }

  /// The command at `position`, which the run has not taken yet.
  package subscript(position: Int) -> LocatedCommand { base[position] }

  /// Keeps `command` after the others; `false`, keeping nothing, when full.
  @discardableResult
  package func append(_ command: consuming LocatedCommand) -> Bool {
    guard endIndex < capacity else { return false }
    (base + endIndex).initialize(to: command)
    endIndex += 1
    return true
  }

  /// Takes the first command not taken yet out of the keeper; `nil` when none is left.
  package func takeFirst() -> LocatedCommand? {
    guard startIndex < endIndex else { return nil }
    defer { startIndex += 1 }
    return (base + startIndex).move()
  }
}
