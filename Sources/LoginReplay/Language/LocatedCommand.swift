/// A parsed command and where it was written, for reports like `FILE:LINE: expectation failed`.
public struct LocatedCommand: Equatable, Sendable {
  /// The command.
  public var command: SessionCommand
  /// The file, the line, and the column of the command's first word.
  public var location: SourceLocation

  /// Creates a located command.
  public init(_ command: SessionCommand, at location: SourceLocation) {
    self.command = command
    self.location = location
  }
}
