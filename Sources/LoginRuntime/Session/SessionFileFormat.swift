import Foundation
import LoginFlow

/// The session file's contents: one JSON object with the format version, the token, the
/// refresh token when there is one, and the absolute expiry.
///
/// ```json
/// {"expiresAt":1735689600,"formatVersion":1,"refreshToken":"…","token":"…"}
/// ```
///
/// `expiresAt` is whole seconds since the Unix epoch (UTC), like a JWT's `exp`. The keys are
/// written sorted, on one line with a final newline. A logout that cannot remove the file
/// overwrites it with the logged-out marker, `{"formatVersion":1,"loggedOut":true}`, which
/// holds no session. ``FileSessionStore`` reads and writes
/// it; another store (a Keychain item) may use it for its own bytes. `Docs/SessionFormat.md`
/// documents it.
public enum SessionFileFormat {
  /// The version this code writes and the only one it reads.
  public static let version = 1

  /// The file's bytes for `session`.
  public static func encode(_ session: StoredSession) -> [UInt8] {
    let contents = Contents(
      formatVersion: version, token: session.token, refreshToken: session.refreshToken,
      expiresAt: session.expiresAt.wholeSecondsSinceEpoch)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings and integers into a keyed container cannot fail.
    let data = (try? encoder.encode(contents)) ?? Data()
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// The bytes of the logged-out marker: a file that says the user logged out, written in
  /// place when the file cannot be removed, so the next launch restores nothing.
  public static func loggedOut() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = (try? encoder.encode(Header(formatVersion: version, loggedOut: true))) ?? Data()
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// The session in `bytes`; `nil` for the logged-out marker (``loggedOut()``).
  ///
  /// - Throws: ``SessionStoreError`` (without a path) of kind `truncated` for an empty file
  ///   or one that ends inside its object, `corrupt` for anything else that is not the
  ///   format, naming the field at fault when there is one, and `unknownVersion` for a
  ///   `formatVersion` other than ``version``. The error never holds the bytes.
  public static func decode(_ bytes: [UInt8]) throws(SessionStoreError) -> StoredSession? {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      throw SessionStoreError(problem(with: bytes, error))
    }
    guard let formatVersion = header.formatVersion else {
      throw SessionStoreError(.corrupt(field: Contents.CodingKeys.formatVersion.stringValue))
    }
    guard formatVersion == version else { throw SessionStoreError(.unknownVersion(formatVersion)) }
    if header.loggedOut == true { return nil }
    let contents: Contents
    do {
      contents = try decoder.decode(Contents.self, from: data)
    } catch {
      throw SessionStoreError(problem(with: bytes, error))
    }
    guard !contents.token.isEmpty else {
      throw SessionStoreError(.corrupt(field: Contents.CodingKeys.token.stringValue))
    }
    return StoredSession(
      token: contents.token, refreshToken: contents.refreshToken,
      expiresAt: Timestamp(secondsSinceEpoch: contents.expiresAt))
  }

  /// What a decoding error says about `bytes`: cut short, or a field (never its value) at
  /// fault, or not the object at all.
  private static func problem(with bytes: [UInt8], _ error: any Error) -> SessionStoreError.Kind {
    let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    let text = bytes.drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }
    // `text` is reversed: its first byte is the file's last non-blank one.
    let opensAnObject = bytes.first { !blanks.contains($0) } == UInt8(ascii: "{")
    if opensAnObject, endsAnObject(bytes, before: bytes.lastIndex { !blanks.contains($0) }) {
      return .trailingBytes
    }
    if text.isEmpty || (opensAnObject && text.first != UInt8(ascii: "}")) {
      return .truncated
    }
    switch error {
    case let field as FieldError:
      return .corrupt(field: field.key.stringValue)
    case DecodingError.keyNotFound(let key, _):
      return .corrupt(field: key.stringValue)
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return .corrupt(field: context.codingPath.first?.stringValue)
    case DecodingError.dataCorrupted(let context):
      return .corrupt(field: context.codingPath.first?.stringValue)
    default:
      return .corrupt(field: nil)
    }
  }

  /// Whether the object that opens `bytes` closes before `last` (the last byte that is not
  /// blank): then what follows it is extra, not missing. One pass, braces counted outside
  /// strings.
  private static func endsAnObject(_ bytes: [UInt8], before last: Int?) -> Bool {
    guard let last else { return false }
    var depth = 0
    var inString = false
    var escaped = false
    for (index, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return index < last }
      default: break
      }
    }
    return false
  }

  /// The version alone, read first so that a file of another version is never judged by
  /// this version's fields.
  private struct Header: Codable {
    var formatVersion: Int?
    /// Set in the logged-out marker only.
    var loggedOut: Bool?
  }

  /// A field missing, or not of its type: the decoder's own error does not always say which.
  private struct FieldError: Error {
    var key: Contents.CodingKeys
  }

  /// The object, field by field.
  private struct Contents: Codable {
    var formatVersion: Int
    var token: String
    var refreshToken: String?
    var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
      case formatVersion, token, refreshToken, expiresAt
    }

    init(formatVersion: Int, token: String, refreshToken: String?, expiresAt: Int64) {
      self.formatVersion = formatVersion
      self.token = token
      self.refreshToken = refreshToken
      self.expiresAt = expiresAt
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func field<Value: Decodable>(_ key: CodingKeys, _: Value.Type) throws -> Value {
        do {
          return try container.decode(Value.self, forKey: key)
        } catch {
          throw FieldError(key: key)
        }
      }
      formatVersion = try field(.formatVersion, Int.self)
      token = try field(.token, String.self)
      do {
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
      } catch {
        throw FieldError(key: .refreshToken)
      }
      expiresAt = try field(.expiresAt, Int64.self)
    }
  }
}
