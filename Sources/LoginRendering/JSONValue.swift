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
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    appendQuoted(string, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends ``quoted(_:)``'s bytes, working on UTF-8 code units in place: a byte below 0x80
  /// is a whole scalar, and U+2028 and U+2029 are the only escaped scalars beyond ASCII
  /// (their encodings start with 0xE2 0x80). Runs of bytes that need no escape are copied
  /// whole.
  private static func appendQuoted(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let bytes = Array(string.utf8)
    do {
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escape: UInt32?
        let width: Int
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): (escape, width) = (nil, 1)
        case 0x00...0x1F, 0x7F: (escape, width) = (UInt32(byte), 1)
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          (escape, width) = (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, 3)
        default:
          index += 1
          continue
        }
        output.append(contentsOf: bytes[runStart..<index])
        if let escape {
          appendEscape(escape, to: &output)
        } else {
          output.append(UInt8(ascii: "\\"))
          output.append(byte)
        }
        index += width
        runStart = index
      }
      output.append(contentsOf: bytes[runStart...])
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
