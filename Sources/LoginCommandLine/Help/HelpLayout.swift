/// The layout of every `--help` text of the package: each entry's label (an option's names
/// and value) in a column, its abstract wrapped beside it, as swift-argument-parser lays out
/// its help.
enum HelpLayout {
  /// The widest line the help wraps to.
  static let width = 85
  /// Where abstracts start: labels of up to `labelWidth - 4` columns share their line.
  static let labelWidth = 26

  /// `TITLE:` and its entries, one under the other.
  static func section(_ title: String, _ entries: [(label: String, abstract: String)]) -> String {
    let lines = entries.map { entry(label: $0.label, abstract: $0.abstract) }
    return "\(title):\n" + lines.joined(separator: "\n")
  }

  /// An option's label and abstract, from its declaration.
  static func entry(for option: some CommandOption) -> (label: String, abstract: String) {
    (
      label(names: option.names, valueName: option.valueName),
      abstract(
        option.abstract, possibleValues: option.possibleValues,
        defaultValue: option.defaultValue)
    )
  }

  /// `--timeout <duration>`, `-h, --help`: the names, then the value's placeholder if any.
  static func label(names: [String], valueName: String?) -> String {
    let joined = names.joined(separator: ", ")
    guard let valueName else { return joined }
    return "\(joined) <\(valueName)>"
  }

  /// The abstract, then `(values: …; default: …)` when the option has either.
  static func abstract(_ abstract: String, possibleValues: [String], defaultValue: String?)
    -> String
  {
    var details: [String] = []
    if !possibleValues.isEmpty {
      details.append("values: " + possibleValues.joined(separator: ", "))
    }
    if let defaultValue { details.append("default: \(defaultValue)") }
    guard !details.isEmpty else { return abstract }
    return abstract + " (" + details.joined(separator: "; ") + ")"
  }

  /// `  2  a usage error`: an exit status and its meaning, wrapped under the meaning.
  static func status(_ status: ExitStatus) -> String {
    let label = "  \(status.code.rawValue)  "
    return entry(label: label, abstract: status.meaning, labelWidth: label.count, gap: 0)
  }

  /// `label` in the label column and `abstract` wrapped beside it; a label too wide for its
  /// column gets a line of its own.
  static func entry(label: String, abstract: String) -> String {
    entry(label: "  " + label, abstract: abstract, labelWidth: labelWidth, gap: 2)
  }

  /// `label` (indented already) padded to `labelWidth` columns and `abstract` wrapped
  /// beside it, each further line indented to `labelWidth`; a label that leaves fewer than
  /// `gap` blanks before the column gets a line of its own.
  private static func entry(label: String, abstract: String, labelWidth: Int, gap: Int)
    -> String
  {
    let indent = String(repeating: " ", count: labelWidth)
    var lines: [String] = []
    var current = label
    if current.count > labelWidth - gap {
      lines.append(current)
      current = indent
    } else {
      current += String(repeating: " ", count: labelWidth - current.count)
    }
    var lineHasWords = false
    for word in abstract.split(separator: " ") {
      if lineHasWords, current.count + 1 + word.count > width {
        lines.append(current)
        current = indent
        lineHasWords = false
      }
      current += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
