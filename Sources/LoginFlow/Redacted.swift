/// The text shown in place of a secret in every description of a core value.
enum Redacted {
  /// What descriptions print instead of a password or a token.
  static let placeholder = "<redacted>"

  /// `<redacted> 1 character`, `<redacted> 12 characters`: a hidden text and its length.
  static func length(of text: String) -> String {
    length(characters: text.count)
  }

  /// `<redacted> 12 characters`, for a hidden text of `count` characters.
  static func length(characters count: Int) -> String {
    "\(placeholder) \(count) \(count == 1 ? "character" : "characters")"
  }
}
