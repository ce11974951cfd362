import Foundation

/// A fresh folder under the system's temporary directory for one test, removed by
/// ``remove()``: file-system tests never share a path.
public struct TemporaryDirectory: Sendable {
  /// The folder's path.
  public let path: String

  /// Creates the folder, named after `prefix` and a UUID.
  public init(_ prefix: String = "LoginFlowTests") throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// `components` under the folder, joined with slashes.
  public func path(_ components: String...) -> String {
    ([path] + components).joined(separator: "/")
  }

  /// Removes the folder and everything in it, making folders writable first so that a
  /// test that took permissions away cannot leave it behind.
  public func remove() {
    if let walker = FileManager.default.enumerator(atPath: path) {
      for case let item as String in walker {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: self.path(item))
      }
    }
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }
}
