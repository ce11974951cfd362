// Shared by every fuzz harness (build.sh compiles this folder with each one).

/// glibc's `memmem`, which its Swift module does not export (it is a GNU extension). The
/// C signature is plain pointers and sizes, so declaring it by its symbol is safe.
@_silgen_name("memmem")
private func memmem(
  _ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer,
  _ needleLength: Int
) -> UnsafeMutableRawPointer?

extension String {
  /// Whether the UTF-8 bytes of `marker` occur in this text's bytes.
  ///
  /// Stricter than `contains(_:)`, which compares characters (there, a marker followed by a
  /// combining mark is not found), and much cheaper: the standard library's substring search
  /// builds a dictionary of characters per call, which dominated the harnesses' profiles.
  /// The C library's `memmem` does the search: it is not instrumented for the fuzzer, so the
  /// harness's own check costs no coverage tracing (a byte loop here was 4 % of `replay`).
  func holds(_ marker: String) -> Bool {
    var text = self
    var marker = marker
    return text.withUTF8 { haystack in
      marker.withUTF8 { needle in
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count, let start = haystack.baseAddress,
          let pattern = needle.baseAddress
        else { return false }
        return memmem(start, haystack.count, pattern, needle.count) != nil
      }
    }
  }
}
