/// One piece of text the renderer places on a line, with the terminal columns it takes.
///
/// User input is turned into cells by ``TerminalText``: a cell is a grapheme (or one ASCII
/// character of an escape sequence), so a cut between two cells never splits a character
/// and the renderer always knows exactly how wide a line is.
struct DisplayCell: Equatable, Sendable {
  /// The characters written to the terminal.
  var text: String
  /// The columns they occupy: 0, 1 or 2.
  var width: Int
}

extension [DisplayCell] {
  /// The columns the cells occupy together.
  var width: Int { reduce(0) { $0 + $1.width } }

  /// The cells' characters, concatenated.
  var text: String { reduce(into: "") { $0 += $1.text } }
}
