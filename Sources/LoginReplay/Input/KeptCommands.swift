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
  private let base: UnsafeMutablePointer<Entry>
  /// The file every command was read from.
  package let file: String
  /// The most commands it keeps; room for them is taken at once (pages no command reaches are
  /// never touched, so a short session costs no more memory than its commands).
  package let capacity: Int
  /// The next command to take.
  @exclusivity(unchecked) package private(set) var startIndex = 0
  /// Past the last command appended.
  @exclusivity(unchecked) package private(set) var endIndex = 0

  /// A kept command and where in ``file`` its first word is.
  private struct Entry {
    var command: SessionCommand
    var line: Int
    var column: Int
  }

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
      append(located.command, line: located.location.line, column: located.location.column)
    }
  }

  deinit {
    (base + startIndex).deinitialize(count: endIndex - startIndex)
    base.deallocate()
  }

  /// The command at `position`, which the run has not taken yet.
  package subscript(position: Int) -> LocatedCommand {
    let entry = base[position]
    return LocatedCommand(entry.command, at: location(line: entry.line, column: entry.column))
  }

  /// Where line `line`, column `column` of ``file`` is.
  package func location(line: Int, column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  /// Keeps `command`, written at `line` and `column`, after the others; `false`, keeping
  /// nothing, when full.
  @discardableResult
  package func append(_ command: consuming SessionCommand, line: Int, column: Int) -> Bool {
    guard endIndex < capacity else { return false }
    (base + endIndex).initialize(to: Entry(command: command, line: line, column: column))
    endIndex += 1
    return true
  }

  /// Takes the first command not taken yet out of the keeper, with its line and column;
  /// `nil` when none is left.
  package func takeFirst() -> (command: SessionCommand, line: Int, column: Int)? {
    guard startIndex < endIndex else { return nil }
    defer { startIndex += 1 }
    let entry = (base + startIndex).move()
    return (entry.command, entry.line, entry.column)
  }
}
