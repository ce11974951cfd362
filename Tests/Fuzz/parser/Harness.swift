// libFuzzer target `parser`: session bytes through the real line reader (a pipe), the UTF-8
// check, the tokenizer and the parser. See Docs/Fuzzing.md.
import LoginReplay

#if canImport(Glibc)
  import Glibc
#endif

/// A secret the input may hold anywhere: no error message may ever contain it.
private let secret = "Hunter2Secret"
/// The longest line the reader takes here: small, so that over-long lines are reached too.
private let lineLimit = 1_024

/// libFuzzer's entry point: runs one input and checks the invariants, crashing on a
/// violation; returns 0 to keep the input, -1 to reject it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  // A pipe holds 64 KiB, so a write of at most 4 KiB never blocks.
  guard count <= 4_096 else { return -1 }
  let input = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { fatalError("pipe failed") }
  let written = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
  precondition(written == count, "short write to the pipe")
  close(ends[1])
  defer { close(ends[0]) }

  let lines = lineTexts(input)
  let commands = SessionCommandSequence(
    lines: DescriptorLineReader(
      fileDescriptor: ends[0], fileName: "f.login", maximumLineLength: lineLimit))
  var seen = 0
  for result in commands {
    seen += 1
    switch result {
    case .success(let located):
      let line = located.location.line
      precondition(line >= 1 && line <= lines.count, "command at line \(line)")
      checkColumn(located.location.column, in: lines[line - 1], what: "command")
      checkRoundTrip(located)
      checkSameAsText(result, line: line, text: lines[line - 1])
    case .failure(let error):
      let location = error.location
      precondition(
        location.line >= 1 && location.line <= lines.count, "error at line \(location.line)")
      precondition(location.file == "f.login", "error in another file")
      checkColumn(location.column, in: lines[location.line - 1], what: error.description)
      checkMessage(error.description)
      switch error.kind {
      case .invalidUTF8, .nulByte, .lineTooLong: break  // the reader's, not the parser's
      default: checkSameAsText(result, line: location.line, text: lines[location.line - 1])
      }
    }
  }
  precondition(seen <= lines.count, "more results than lines")
  return 0
}

/// The lines of `input` as the reader cuts them (at `\n`, without a final `\r` or the byte
/// order mark of line 1), decoded leniently; nil for a line too long to be decoded.
private func lineTexts(_ input: [UInt8]) -> [String?] {
  var parts = input.split(separator: 0x0A, omittingEmptySubsequences: false)
  if parts.last?.isEmpty == true { parts.removeLast() }
  return parts.enumerated().map { index, part in
    var bytes = part
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    guard bytes.count <= lineLimit else { return nil }
    if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A column is at least 1 and at most one past the line's last character.
private func checkColumn(_ column: Int, in line: String?, what: String) {
  guard let line else {
    precondition(column == 1, "an over-long line's error is not at column 1: \(what)")
    return
  }
  precondition(column >= 1, "column \(column) < 1: \(what)")
  precondition(
    column <= line.count + 1, "column \(column) past the line (\(line.count)): \(what)")
}

/// A message holds only the language's own words: never the secret, and nothing outside
/// ASCII but the ellipsis of `\u{…}` (a word of the input would bring its characters).
private func checkMessage(_ message: String) {
  precondition(!message.holds(secret), "an error message repeats the input: \(message)")
  for scalar in message.unicodeScalars where !scalar.isASCII && scalar != "…" {
    fatalError("an error message holds U+\(String(scalar.value, radix: 16)): \(message)")
  }
}

/// A command written back in session syntax parses to itself (password text is redacted in
/// the description, so those lines are skipped).
private func checkRoundTrip(_ located: LocatedCommand) {
  switch located.command {
  case .type(.password, _), .set(.password, _): return
  default: break
  }
  let text = located.command.description
  guard case .success(let again)? = SessionParser.parse(text, file: "g.login", line: 1) else {
    fatalError("the description of a command does not parse: \(text)")
  }
  precondition(again.command == located.command, "round trip changed \(text)")
}

/// The reader hands the parser a line's bytes, straight from its buffer: the line parses
/// exactly as its text does.
private func checkSameAsText(
  _ result: Result<LocatedCommand, SessionError>, line: Int, text: String?
) {
  guard let text else { return }
  let parsed = SessionParser.parse(text, file: "f.login", line: line)
  precondition(parsed == result, "line \(line) parses differently from its text")
}
