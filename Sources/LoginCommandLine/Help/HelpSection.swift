/// A section of a help text beyond the options, such as `login-tui`'s KEYS: a title and
/// entries laid out as the options are.
package struct HelpSection: Sendable {
  /// The heading, without its colon, as in `KEYS`.
  package var title: String
  /// Each entry's label (left column) and abstract (wrapped beside it).
  package var entries: [(label: String, abstract: String)]

  /// A section of `entries` under `title`.
  package init(title: String, entries: [(label: String, abstract: String)]) {
    self.title = title
    self.entries = entries
  }
}
