import Foundation

/// Rewrites JSON numbers that no `Double` can hold (`1e400`, `-1E+999`) as `null`, so that
/// one such number in an answer does not make the whole answer unreadable.
///
/// `JSONSerialization` (like `JSONDecoder`) refuses a whole document for one number out of
/// range; a login that succeeded would then fail for a field the client does not even need.
/// Only a complete number token of RFC 8259 grammar that is out of range is rewritten, and
/// only outside strings: the rewrite never makes an invalid document valid.
enum JSONNumberRewriter {
  /// `body` with every out-of-range number replaced by `null`; `body` itself when it has none.
  static func nullingUnrepresentableNumbers(in body: Data) -> Data {
    let bytes = [UInt8](body)
    var out: [UInt8] = []
    var copiedUpTo = 0
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || isDigit(byte) else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
      let token = bytes[index..<end]
      if isNumber(token), !(Double(String(decoding: token, as: UTF8.self))?.isFinite ?? false) {
        out.append(contentsOf: bytes[copiedUpTo..<index])
        out.append(contentsOf: Array("null".utf8))
        copiedUpTo = end
      }
      index = end
    }
    guard copiedUpTo > 0 else { return body }
    out.append(contentsOf: bytes[copiedUpTo...])
    return Data(out)
  }

  /// Whether `text` is exactly one JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isNumber<Bytes: Collection>(_ text: Bytes) -> Bool where Bytes.Element == UInt8 {
    var rest = text[...]
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    guard let first = rest.first, isDigit(first) else { return false }
    if first == UInt8(ascii: "0") {
      rest = rest.dropFirst()
    } else {
      rest = rest.drop(while: isDigit)
    }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard let digit = rest.first, isDigit(digit) else { return false }
      rest = rest.drop(while: isDigit)
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
        rest = rest.dropFirst()
      }
      guard let digit = rest.first, isDigit(digit) else { return false }
      rest = rest.drop(while: isDigit)
    }
    return rest.isEmpty
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The bytes a number token can be made of; the token is then checked as a whole.
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
  }
}
