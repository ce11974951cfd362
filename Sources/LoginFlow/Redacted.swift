/// The text shown in place of a secret in every description of a core value.
enum Redacted {
  /// What descriptions print instead of a password or a token.
  static let placeholder = "<redacted>"
}
