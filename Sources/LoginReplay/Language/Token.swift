/// One word of a session line: a bare word or a quoted string with its escapes resolved.
struct Token: Equatable {
  /// The word's text; for a quoted string, without the quotes and with escapes applied.
  var text: String
  /// The 1-based column (in characters) where the word or its opening quote starts.
  var column: Int
  /// Whether the word was written in double quotes.
  var isQuoted: Bool
}
