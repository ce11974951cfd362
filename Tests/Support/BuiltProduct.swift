import Foundation

/// An executable of this package as the build left it, for end-to-end tests that run it as a
/// child process.
///
/// `swift build --build-tests` and `swift test` put every product in the same folder as the
/// test runner; a test run from elsewhere falls back to the package's `.build/debug`.
public enum BuiltProduct {
  /// The executable was not built.
  public struct NotFound: Error, CustomStringConvertible {
    /// Where it was looked for.
    public var description: String
  }

  /// The URL of the executable `name`, such as `login-replay`.
  public static func url(named name: String) throws -> URL {
    var candidates: [URL] = []
    if let runner = Bundle.main.executableURL {
      candidates.append(runner.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let binary = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    throw NotFound(
      description: "\(name) was not built; looked in "
        + candidates.map(\.path).joined(separator: ", "))
  }
}
