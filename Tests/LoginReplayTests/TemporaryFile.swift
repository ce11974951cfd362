import Foundation

/// A file with given bytes in the temporary directory, removed by ``remove()``.
struct TemporaryFile {
  let path: String

  init(_ bytes: [UInt8], name: String = "session.login") throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LoginReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  init(_ text: String, name: String = "session.login") throws {
    try self.init(Array(text.utf8), name: name)
  }

  func remove() {
    try? FileManager.default.removeItem(
      at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }
}
