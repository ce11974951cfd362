/// The scanner's place in a command line, handed to the option being applied so it can
/// read its value.
package final class ArgumentCursor {
  private let arguments: [String]
  private var index = 0
  private var inlineValue: String?
  /// The name of the option being applied, without any `=value`.
  package private(set) var name = ""

  /// A cursor before the first of `arguments`.
  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// The 1-based position of the argument read last.
  var position: Int { index }

  /// The next argument, or `nil` at the end.
  func next() -> String? {
    guard index < arguments.count else { return nil }
    index += 1
    return arguments[index - 1]
  }

  /// Starts an option: `--name=value` as `--name` with an inline value.
  func beginOption(_ text: String) {
    if text.hasPrefix("--"), let equals = text.firstIndex(of: "=") {
      name = String(text[..<equals])
      inlineValue = String(text[text.index(after: equals)...])
    } else {
      name = text
      inlineValue = nil
    }
  }

  /// The option's value: after `=`, or the next argument unless that is an option.
  ///
  /// - Throws: ``UsageError/Kind/missingValue(option:)`` when there is none.
  package func value() throws(UsageError.Kind) -> String {
    if let inlineValue { return inlineValue }
    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
      throw .missingValue(option: name)
    }
    index += 1
    return arguments[index - 1]
  }

  /// `true`, for a flag; a flag given a value with `=` is an error.
  ///
  /// - Throws: ``UsageError/Kind/unexpectedValue(option:)`` for `--flag=value`.
  package func flag() throws(UsageError.Kind) -> Bool {
    guard inlineValue == nil else { throw .unexpectedValue(option: name) }
    return true
  }
}
