// startup-baseline: the start-up floor login-bench compares login-replay's with. It loads
// what every executable of the package loads (Foundation, and FoundationNetworking, which
// LoginHTTP links), makes one request value so that the networking library is used, not
// only linked, prints hello and exits. It has no other job: see Docs/Performance.md.
//
// It takes no options (2 for any argument) and, like every executable of the package, ends
// with status 3 and one line when its standard output cannot be written.

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Writes `text` whole to `descriptor`; whether it could.
func write(_ text: String, to descriptor: Int32) -> Bool {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written > 0 else { return false }
    bytes = bytes.dropFirst(written)
  }
  return true
}

guard CommandLine.arguments.count == 1 else {
  _ = write("error: startup-baseline takes no arguments\n", to: 2)
  exit(2)
}
/// A request to nowhere, never sent: touching `URLRequest` makes the program need
/// FoundationNetworking, as login-replay does through LoginHTTP.
let request = URLRequest(url: URL(fileURLWithPath: "/"))
guard write("hello (\(request.httpMethod ?? "GET"))\n", to: 1) else {
  let reason = String(cString: strerror(errno))
  _ = write("error: cannot write to standard output: \(reason)\n", to: 2)
  exit(3)
}
