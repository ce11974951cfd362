/// The parsed commands of a checked session file, kept for the run so that the file is read
/// and parsed once (``SessionChecker``): the check appends each command, the run takes each
/// one out in turn, moving it rather than copying it, and the commands the run never takes
/// go away with the keeper.
///
/// The file's name is kept once, not with each command: a command is kept with its line and
/// column, and its ``SourceLocation`` is made only where one is needed.
///
/// One task at a time owns it: the check that fills it, then the run that empties it.
package final class KeptCommands: RandomAccessCollection, @unchecked Sendable {
  // @unchecked: the commands' memory and both indices are touched by one task at a time.
  private let base: UnsafeMutablePointer<PlacedCommand>
  /// The file every command was read from.
  package let file: String
  /// The most commands it keeps; room for them is taken at once (pages no command reaches are
  /// never touched, so a short session costs no more memory than its commands).
  package let capacity: Int
  /// The next command to take.
  @exclusivity(unchecked) package private(set) var startIndex = 0
  /// Past the last command appended.
  @exclusivity(unchecked) package private(set) var endIndex = 0

  /// Room for `capacity` commands of `file`, none kept yet.
  package init(file: String, capacity: Int) {
    self.file = file
    self.capacity = Swift.max(capacity, 0)
    base = .allocate(capacity: self.capacity)
  }

  /// `commands`, all of `file`, as a check that kept them would have.
  package convenience init(_ commands: [LocatedCommand], file: String) {
    self.init(file: file, capacity: commands.count)
    for located in commands {
      append((located.command, located.location.line, located.location.column))
    }
  }

  deinit {
    (base + startIndex).deinitialize(count: endIndex - startIndex)
    base.deallocate()
  }

  /// The command at `position`, which the run has not taken yet.
  package subscript(position: Int) -> LocatedCommand { LocatedCommand(base[position], in: file) }

  /// Where line `line`, column `column` of ``file`` is.
  package func location(line: Int, column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  /// Keeps `command` after the others; `false`, keeping nothing, when full.
  @discardableResult
  func append(_ command: consuming PlacedCommand) -> Bool {
    guard endIndex < capacity else { return false }
    (base + endIndex).initialize(to: command)
    endIndex += 1
    return true
  }

  /// Takes the first command not taken yet out of the keeper, with its line and column;
  /// `nil` when none is left.
  func takeFirst() -> PlacedCommand? {
    guard startIndex < endIndex else { return nil }
    defer { startIndex += 1 }
    return (base + startIndex).move()
  }
}
