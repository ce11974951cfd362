/// An exit status as a program's help explains it: the code, and what it means for that
/// program (what 1 means is each program's own).
package struct ExitStatus: Equatable, Sendable {
  /// The status.
  package var code: ExitCode
  /// What it means, in a few words, as in `every expectation held`.
  package var meaning: String

  /// Explains `code`.
  package init(_ code: ExitCode, _ meaning: String) {
    self.code = code
    self.meaning = meaning
  }

  /// 3, which every program exits with when its standard output cannot be written.
  package static let outputFailed = ExitStatus(
    .outputFailed, "standard output could not be written")
}
