import LoginFlow

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
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the value's UTF-8 text to `output`: bytes, not `String` appends, because every
  /// `jsonl` line of `login-replay` goes through here.
  private func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): output.append(contentsOf: String(value).utf8)
    case .string(let value): Self.appendQuoted(value, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      let sorted = members.sorted { Self.bytes(of: $0.key, precede: $1.key) }
      for (index, member) in sorted.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.appendQuoted(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Whether `first`'s UTF-8 bytes sort before `second`'s, compared in place (the generic
  /// `lexicographicallyPrecedes` over two `UTF8View`s was most of the time of a `jsonl` line).
  private static func bytes(of first: String, precede second: String) -> Bool {
    var first = first
    var second = second
    return first.withUTF8 { left in
      second.withUTF8 { right in
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
          return left[index] < right[index]
        }
        return left.count < right.count
      }
    }
  }

  /// `string` as a JSON string literal, quotes included.
  ///
  /// `"` and `\` are backslash-escaped; every scalar the package never writes raw
  /// (`ScalarEscape.mustEscape`: C0 and C1 controls, DEL, the bidirectional formatting
  /// characters, U+2028 and U+2029) becomes a `\uXXXX` escape; everything else is written as
  /// is (the output is UTF-8). A JSON line thus stays one visible line in logical order in any
  /// reader, even a terminal.
  ///
  /// LoginHTTP's request body has its own escaper on purpose: it writes the short escapes
  /// (`\n`, `\t`, …) and leaves the other scalars raw, and its bytes are what a backend
  /// receives. This one writes a single form for every escaped scalar, and its bytes are
  /// pinned by the `jsonl` goldens. Both decode to the same string; sharing one escaper would
  /// move the bytes of one of the two.
  public static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    appendQuoted(string, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends ``quoted(_:)``'s bytes, one scalar at a time.
  private static func appendQuoted(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for scalar in string.unicodeScalars {
      if scalar == "\"" || scalar == "\\" {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(truncatingIfNeeded: scalar.value))
      } else if ScalarEscape.mustEscape(scalar) {
        appendEscape(scalar.value, to: &output)
      } else {
        UTF8.encode(scalar) { output.append($0) }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `\uXXXX` with upper-case hex digits.
  private static func appendEscape(_ value: UInt32, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    output.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      let digit = UInt8(truncatingIfNeeded: (value >> UInt32(shift)) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
    }
  }
}
