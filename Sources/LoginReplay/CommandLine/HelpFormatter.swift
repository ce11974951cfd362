/// The layout of a `--help` text, shared by `login-replay` and `login-tui`: each option's
/// names and value in a label column, its abstract wrapped beside it.
public enum HelpFormatter {
  /// `--timeout <duration>`, `-h, --help`: the names, then the value's placeholder if any.
  public static func label(names: [String], valueName: String?) -> String {
    let joined = names.joined(separator: ", ")
    guard let valueName else { return joined }
    return "\(joined) <\(valueName)>"
  }

  /// The abstract, then `(values: …; default: …)` when the option has either.
  public static func abstract(
    _ abstract: String, possibleValues: [String], defaultValue: String?
  ) -> String {
    var details: [String] = []
    if !possibleValues.isEmpty {
      details.append("values: " + possibleValues.joined(separator: ", "))
    }
    if let defaultValue { details.append("default: \(defaultValue)") }
    guard !details.isEmpty else { return abstract }
    return abstract + " (" + details.joined(separator: "; ") + ")"
  }

  /// `label` in the label column and `abstract` wrapped beside it, as `login-replay --help`
  /// lays out its entries.
  public static func entry(label: String, abstract: String) -> String {
    ReplayOptions.HelpGenerator.entry(label: label, abstract: abstract)
  }
}
