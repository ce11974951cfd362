// startup-baseline: the start-up floor login-bench compares login-replay's with. It loads
// what every executable of the package loads (Foundation, and FoundationNetworking, which
// LoginHTTP links), makes one request value so that the networking library is used, not
// only linked, prints hello and exits. It has no other job: see Docs/Performance.md.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request to nowhere, never sent: touching `URLRequest` makes the program need
/// FoundationNetworking, as login-replay does through LoginHTTP.
let request = URLRequest(url: URL(fileURLWithPath: "/"))
print("hello (\(request.httpMethod ?? "GET"))")
