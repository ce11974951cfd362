/// One piece of text the renderer places on a line, with the terminal columns it takes.
///
/// User input is turned into cells by ``TerminalText``: a cell is a grapheme (or a whole
/// `\u{…}` escape), so a cut between two cells never splits a character or an escape, and
/// the renderer always knows exactly how wide a line is.
struct DisplayCell: Equatable, Sendable {
  /// The characters written to the terminal.
  var text: String
  /// The columns they occupy: 0, 1 or 2 for a grapheme; an escape's length (5 to 10).
  var width: Int
}

extension [DisplayCell] {
  /// The columns the cells occupy together.
  var width: Int { reduce(0) { $0 + $1.width } }

  /// The cells' characters, concatenated.
  var text: String { reduce(into: "") { $0 += $1.text } }
}
