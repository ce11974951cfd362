/// A command's positional argument, declared once for the help's ARGUMENTS, the usage line
/// and the errors about it (`missing session file; expected FILE, or - for standard input`).
package struct ArgumentDeclaration: Equatable, Sendable {
  /// The placeholder, as in `<file>`; errors write it in capitals, as in `FILE`.
  package var placeholder: String
  /// What the argument is, in words, as in `session file`.
  package var noun: String
  /// Whether `-` stands for standard input.
  package var acceptsStandardInput: Bool
  /// What the help says of it.
  package var abstract: String

  /// Declares an argument.
  package init(placeholder: String, noun: String, acceptsStandardInput: Bool, abstract: String) {
    self.placeholder = placeholder
    self.noun = noun
    self.acceptsStandardInput = acceptsStandardInput
    self.abstract = abstract
  }
}
