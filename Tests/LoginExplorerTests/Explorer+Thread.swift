import Foundation

@testable import LoginExplorer

extension Explorer {
  /// The search, run on a thread of its own: a search of many seconds would otherwise hold
  /// one of the few threads of Swift's cooperative pool, which the real-clock tests running
  /// alongside need for their timeouts to fire on time.
  func runOnAThreadOfItsOwn() async -> Report {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.run()) }.start()
    }
  }
}
