import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The built `login-tui`, found like `login-replay` in `ReplayBinary`: next to the test
/// runner, or in the package's `.build/debug`.
enum TerminalBinary {
  struct NotFound: Error, CustomStringConvertible {
    var description: String
  }

  static func path() throws -> String {
    var candidates: [URL] = []
    if let runner = Bundle.main.executableURL {
      candidates.append(runner.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let binary = folder.appendingPathComponent("login-tui")
      if FileManager.default.isExecutableFile(atPath: binary.path) { return binary.path }
    }
    throw NotFound(
      description: "login-tui was not built; looked in "
        + candidates.map(\.path).joined(separator: ", "))
  }
}
