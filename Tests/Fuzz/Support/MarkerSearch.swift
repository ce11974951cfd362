// Shared by every fuzz harness (build.sh compiles this folder with each one).

extension String {
  /// Whether the UTF-8 bytes of `marker` occur in this text's bytes.
  ///
  /// Stricter than `contains(_:)`, which compares characters (there, a marker followed by a
  /// combining mark is not found), and much cheaper: the standard library's substring search
  /// builds a dictionary of characters per call, which dominated the harnesses' profiles.
  func holds(_ marker: String) -> Bool {
    var text = self
    var marker = marker
    return text.withUTF8 { haystack in
      marker.withUTF8 { needle in
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
          if haystack[start] == first {
            var matched = 1
            while matched < needle.count, haystack[start + matched] == needle[matched] {
              matched += 1
            }
            if matched == needle.count { return true }
          }
          start += 1
        }
        return false
      }
    }
  }
}
