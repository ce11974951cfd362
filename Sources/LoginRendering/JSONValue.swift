/// A JSON value that prints itself in one stable form: compact, keys sorted.
///
/// Machine consumers (`login-replay --format jsonl`, tests) compare output byte for byte,
/// so there is exactly one text for each value: no whitespace, object keys sorted by their
/// UTF-8 bytes, integers only, and strings escaped by ``quoted(_:)``. Build a line from
/// several parts and print ``text``:
///
/// ```swift
/// let line = JSONValue.object(["line": .int(3), "state": StateJSON.value(of: state)])
/// print(line.text)  // {"line":3,"state":{"attempt":0,…}}
/// ```
public enum JSONValue: Equatable, Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, printed in decimal.
  case int(Int)
  /// A string, printed quoted and escaped.
  case string(String)
  /// An array, elements in order.
  case array([JSONValue])
  /// An object, printed with its keys sorted.
  case object([String: JSONValue])

  /// The value's one JSON text.
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the value's text to `output`.
  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .string(let value): output += Self.quoted(value)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (index, key) in keys.enumerated() {
        if index > 0 { output += "," }
        output += Self.quoted(key) + ":"
        members[key, default: .null].write(to: &output)
      }
      output += "}"
    }
  }

  /// `string` as a JSON string literal, quotes included.
  ///
  /// `"` and `\` are backslash-escaped; control characters (U+0000–U+001F and U+007F) and
  /// the line and paragraph separators U+2028 and U+2029 become `\u00XX`-style escapes;
  /// everything else is written as is (the output is UTF-8).
  ///
  /// LoginHTTP's request body has its own escaper on purpose: it writes the short escapes
  /// (`\n`, `\t`, …) and leaves U+007F, U+2028 and U+2029 raw, and its bytes are what a
  /// backend receives. This one writes a single form for every control character and also
  /// escapes those three, so that a JSON line stays one visible line in any reader, and its
  /// bytes are pinned by the `jsonl` goldens. Both decode to the same string; sharing one
  /// escaper would move the bytes of one of the two.
  public static func quoted(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
