import Foundation

/// Reads whole lines from a pipe, blocking until each one has arrived.
///
/// The interactive test reads a command's answer before it writes the next command, so the
/// answer must arrive without the program's input ending: only a flushed output gets here.
final class PipeLineReader {
  private let handle: FileHandle
  private var pending = Data()

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next line without its `\n`, or `nil` at the end of the output.
  func nextLine() -> String? {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = pending[pending.startIndex..<newline]
        pending = Data(pending[pending.index(after: newline)...])
        return String(decoding: line, as: UTF8.self)
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else {
        guard !pending.isEmpty else { return nil }
        defer { pending = Data() }
        return String(decoding: pending, as: UTF8.self)
      }
      pending.append(chunk)
    }
  }

  /// The next line decoded as a JSON object.
  func nextObject() throws -> [String: Any] {
    guard let line = nextLine() else { throw HarnessError(description: "the output ended") }
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw HarnessError(description: "not a JSON object: \(line)") }
    return object
  }
}
