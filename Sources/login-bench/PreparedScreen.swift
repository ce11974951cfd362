/// BASELINE, not our code: the render lower bound, the bytes of the same screens assembled
/// from lines prepared in advance — no layout, no widths, no escaping: one copy of each
/// line's UTF-8 into the finished string.
struct PreparedScreen: Sendable {
  let lines: [[UInt8]]
  let byteCount: Int

  init(_ screen: String) {
    lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    byteCount = screen.utf8.count
  }

  @inline(never)
  func assemble() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(byteCount)
    for (index, line) in lines.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: "\n")) }
      bytes.append(contentsOf: line)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
