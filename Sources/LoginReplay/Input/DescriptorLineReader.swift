#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or a pipe line by line in fixed-size chunks, with flat memory.
///
/// The reader never holds more than one chunk (``chunkSize`` bytes) and one line of at most
/// ``maximumLineLength`` bytes: the rest of an over-long line is skipped (only counted) and
/// reported as ``SessionError/Kind/lineTooLong(length:)``. Lines end with `\n` or `\r\n`; the
/// last line may have no line end. Each line is checked: invalid UTF-8 and NUL bytes are
/// reported with the column of the first bad byte, and the reader goes on with the next line.
///
/// On a pipe a line is delivered as soon as its newline arrives (the reader calls `read(2)`
/// only when it holds no complete line), so another program can drive it interactively.
/// A UTF-8 byte order mark at the start of the first line is ignored. The reader is a
/// single-pass `Sequence`; a failure to read ends it after one
/// ``SessionError/Kind/unreadable(reason:)``. One thread at a time reads it (its position,
/// read for every line, skips the runtime's dynamic exclusivity checks).
public final class DescriptorLineReader: Sequence, IteratorProtocol {
  /// The longest line accepted, in bytes, without its line end.
  public static let maximumLineLength = 65_536
  /// How many bytes each `read(2)` asks for.
  public static let chunkSize = 65_536

  /// The name used in error locations: the path, or `<stdin>`.
  public let fileName: String

  private let fileDescriptor: Int32
  /// Whether the reader opened the descriptor and has not closed it yet.
  @exclusivity(unchecked) private var ownsOpenDescriptor: Bool
  private let lineLimit: Int
  /// The bytes read last: memory of the reader's own, so that lending a line of it takes
  /// neither a reference count nor an access check.
  private let chunk: UnsafeMutableBufferPointer<UInt8>
  @exclusivity(unchecked) private var chunkStart = 0
  @exclusivity(unchecked) private var chunkEnd = 0
  /// The current line's first bytes, at most `lineLimit + 1` (room for a final `\r`).
  @exclusivity(unchecked) private var line: [UInt8] = []
  /// How many bytes the current line really has so far, kept ones and skipped ones.
  @exclusivity(unchecked) private var lineByteCount = 0
  @exclusivity(unchecked) private var lastByte: UInt8 = 0
  @exclusivity(unchecked) private var lineNumber = 0
  @exclusivity(unchecked) private var finished = false

  /// Reads from an open file descriptor (standard input is 0) that the caller keeps owning.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to `read(2)` from; it is not closed by the reader.
  ///   - fileName: The name shown in error locations.
  ///   - maximumLineLength: The longest line accepted, in bytes (tests use smaller limits).
  public convenience init(
    fileDescriptor: Int32, fileName: String,
    maximumLineLength: Int = DescriptorLineReader.maximumLineLength
  ) {
    self.init(
      fileDescriptor: fileDescriptor, fileName: fileName, closes: false,
      lineLimit: maximumLineLength)
  }

  /// Opens the file at `path` for reading; the reader closes it when done.
  ///
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` at line 0 when it cannot be opened.
  public convenience init(path: String) throws(SessionError) {
    let descriptor = try Self.open(path)
    self.init(
      fileDescriptor: descriptor, fileName: path, closes: true,
      lineLimit: Self.maximumLineLength)
  }

  /// Reads from `descriptor`, already open, which the reader then owns and closes when done.
  convenience init(ownedDescriptor descriptor: Int32, fileName: String) {
    self.init(
      fileDescriptor: descriptor, fileName: fileName, closes: true,
      lineLimit: Self.maximumLineLength)
  }

  private init(fileDescriptor: Int32, fileName: String, closes: Bool, lineLimit: Int) {
    self.fileDescriptor = fileDescriptor
    self.fileName = fileName
    self.ownsOpenDescriptor = closes
    self.lineLimit = Swift.max(1, lineLimit)
    self.chunk = .allocate(capacity: Self.chunkSize)
    chunk.initialize(repeating: 0)
    self.line.reserveCapacity(Swift.min(self.lineLimit + 1, Self.chunkSize))
  }

  deinit {
    if ownsOpenDescriptor { _ = close(fileDescriptor) }
    chunk.deallocate()
  }

  /// The next line, a problem with the next line, or `nil` at the end of the input.
  ///
  /// Blocks in `read(2)` until a whole line (or the end of the input) has arrived.
  public func next() -> Result<SourceLine, SessionError>? {
    do throws(SessionError) {
      let line = try nextLine { number, bytes in
        SourceLine(number: number, text: String(decoding: bytes, as: UTF8.self))
      }
      return line.map { .success($0) }
    } catch {
      return .failure(error)
    }
  }

  /// The next line that `body` makes something of, from the line's number and its checked
  /// bytes (valid UTF-8 without NUL, line end and byte order mark), or `nil` at the end of
  /// the input; a line it makes `nil` of (a blank line, for the parser) is skipped. Throws a
  /// problem with the next line, or what `body` throws; either way the next call goes on
  /// with the line after it.
  ///
  /// The bytes are the reader's own, lent to `body` without a copy: they are valid only
  /// until it returns. The parser reads its commands from them without a string per line.
  func nextLine<Line>(
    _ body: (Int, UnsafeBufferPointer<UInt8>) throws(SessionError) -> Line?
  ) throws(SessionError) -> Line? {
    guard !finished else { return nil }
    while true {
      if chunkStart < chunkEnd {
        if let newline = newlineInChunk() {
          let start = chunkStart
          chunkStart = newline + 1
          // A line that lies whole in the chunk is read from there, without a copy.
          if lineByteCount == 0 {
            var bytes = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
            if let line = try deliver(bytes, to: body) { return line }
            continue
          }
          append(UnsafeBufferPointer(rebasing: chunk[start..<newline]))
          if let line = try finishLine(to: body) { return line }
          continue
        }
        append(UnsafeBufferPointer(rebasing: chunk[chunkStart..<chunkEnd]))
        chunkStart = chunkEnd
      }
      let count = fill()
      if count < 0 {
        let code = errno
        finish()
        throw SessionError(
          .unreadable(reason: Self.systemMessage(code)),
          at: SourceLocation(file: fileName, line: lineNumber + 1, column: 0))
      }
      if count == 0 {
        finish()
        return lineByteCount > 0 ? try finishLine(to: body) : nil
      }
      chunkStart = 0
      chunkEnd = count
    }
  }

  /// The index of the first `\n` among the chunk's unread bytes, if any.
  private func newlineInChunk() -> Int? {
    guard let base = chunk.baseAddress,
      let found = memchr(base + chunkStart, 0x0A, chunkEnd - chunkStart)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Reads the next chunk, retrying when interrupted; the byte count, 0 at the end, -1 on error.
  private func fill() -> Int {
    while true {
      let count = read(fileDescriptor, chunk.baseAddress, chunk.count)
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }

  private func finish() {
    finished = true
    if ownsOpenDescriptor {
      ownsOpenDescriptor = false
      _ = close(fileDescriptor)
    }
  }

  /// Adds bytes to the current line, keeping at most `lineLimit + 1` of them.
  private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let last = bytes.last else { return }
    lineByteCount += bytes.count
    lastByte = last
    let room = lineLimit + 1 - line.count
    if room > 0 { line.append(contentsOf: bytes.prefix(room)) }
  }

  /// Checks and delivers the line collected so far, and starts the next one.
  private func finishLine<Line>(
    to body: (Int, UnsafeBufferPointer<UInt8>) throws(SessionError) -> Line?
  ) throws(SessionError) -> Line? {
    defer {
      line.removeAll(keepingCapacity: true)
      lineByteCount = 0
      lastByte = 0
    }
    var length = lineByteCount
    if length > 0 && lastByte == 0x0D { length -= 1 }
    guard length <= lineLimit else {
      lineNumber += 1
      throw SessionError(
        .lineTooLong(length: length),
        at: SourceLocation(file: fileName, line: lineNumber, column: 1))
    }
    return try line.withUnsafeBufferPointer { line throws(SessionError) in
      try deliver(UnsafeBufferPointer(rebasing: line[0..<length]), to: body)
    }
  }

  /// Checks `line`, the next line without its line end (the line collected so far, or one
  /// read straight from the chunk), and delivers it to `body`.
  private func deliver<Line>(
    _ line: UnsafeBufferPointer<UInt8>,
    to body: (Int, UnsafeBufferPointer<UInt8>) throws(SessionError) -> Line
  ) throws(SessionError) -> Line {
    lineNumber += 1
    guard line.count <= lineLimit else {
      throw SessionError(
        .lineTooLong(length: line.count),
        at: SourceLocation(file: fileName, line: lineNumber, column: 1))
    }
    var bytes = line
    if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3))
    }
    if let problem = UTF8Check.firstProblem(in: bytes) {
      throw SessionError(
        problem.kind,
        at: SourceLocation(file: fileName, line: lineNumber, column: problem.column))
    }
    return try body(lineNumber, bytes)
  }

  /// Opens `path` for reading and returns its descriptor, which the caller must close.
  ///
  /// - Throws: ``SessionError/Kind/unreadable(reason:)`` at line 0 when it cannot be opened.
  static func open(_ path: String) throws(SessionError) -> Int32 {
    #if canImport(Glibc)
      let descriptor = Glibc.open(path, O_RDONLY)
    #else
      let descriptor = Darwin.open(path, O_RDONLY)
    #endif
    guard descriptor >= 0 else { throw unreadable(path, errno: errno) }
    return descriptor
  }

  /// The error for a file at `path` that cannot be opened or examined: `errno` was `code`.
  static func unreadable(_ path: String, errno code: Int32) -> SessionError {
    SessionError(
      .unreadable(reason: systemMessage(code)), at: SourceLocation(file: path, line: 0, column: 0))
  }

  /// The system's sentence for the `errno` value `code`.
  static func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

/// One line of a session as the ``DescriptorLineReader`` delivers it: valid UTF-8 text and
/// its number.
public struct SourceLine: Equatable, Sendable {
  /// The 1-based line number.
  public var number: Int
  /// The line's text without its line end (`\n` or `\r\n`); never contains NUL.
  public var text: String

  /// Creates a line.
  public init(number: Int, text: String) {
    self.number = number
    self.text = text
  }
}
