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
/// ``SessionError/Kind/unreadable(reason:)``. One thread at a time reads it.
public final class DescriptorLineReader: Sequence, IteratorProtocol {
  /// The longest line accepted, in bytes, without its line end.
  public static let maximumLineLength = 65_536
  /// How many bytes each `read(2)` asks for.
  public static let chunkSize = 65_536

  /// The name used in error locations: the path, or `<stdin>`.
  public let fileName: String

  private let fileDescriptor: Int32
  /// Whether the reader opened the descriptor and has not closed it yet.
  private var ownsOpenDescriptor: Bool
  private let lineLimit: Int
  /// Room for the bytes read last, allocated once; the unread ones are
  /// `chunkStart..<chunkEnd`.
  private var chunk = [UInt8](repeating: 0, count: DescriptorLineReader.chunkSize)
  private var chunkStart = 0
  private var chunkEnd = 0
  /// The current line's first bytes, at most `lineLimit + 1` (room for a final `\r`).
  private var line: [UInt8] = []
  /// How many bytes the current line really has so far, kept ones and skipped ones.
  private var lineByteCount = 0
  private var lastByte: UInt8 = 0
  private var lineNumber = 0
  private var finished = false

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
    self.init(
      fileDescriptor: try Self.open(path), fileName: path, closes: true,
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
    ownsOpenDescriptor = closes
    self.lineLimit = Swift.max(lineLimit, 1)
  }

  deinit {
    if ownsOpenDescriptor { _ = close(fileDescriptor) }
  }

  /// The next line, a problem with the next line, or `nil` at the end of the input.
  ///
  /// Blocks in `read(2)` until a whole line (or the end of the input) has arrived.
  public func next() -> Result<SourceLine, SessionError>? {
    do throws(SessionError) {
      return try nextLine().map { .success($0) }
    } catch {
      return .failure(error)
    }
  }

  /// The next line, or `nil` at the end of the input; a problem with the line is thrown, and
  /// the next call goes on with the line after it.
  private func nextLine() throws(SessionError) -> SourceLine? {
    guard !finished else { return nil }
    while true {
      if chunkStart < chunkEnd {
        if let newline = newlineInChunk() {
          append(chunk[chunkStart..<newline])
          chunkStart = newline + 1
          return try finishLine()
        }
        append(chunk[chunkStart..<chunkEnd])
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
        return lineByteCount > 0 ? try finishLine() : nil
      }
    }
  }

  /// The index of the first `\n` among the chunk's unread bytes, if any.
  private func newlineInChunk() -> Int? {
    chunk[chunkStart..<chunkEnd].firstIndex(of: 0x0A)
  }

  /// Reads the next chunk, retrying when interrupted; the byte count, 0 at the end, -1 on error.
  private func fill() -> Int {
    while true {
      let count = chunk.withUnsafeMutableBytes {
        read(fileDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      chunkStart = 0
      chunkEnd = Swift.max(count, 0)
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
  private func append(_ bytes: ArraySlice<UInt8>) {
    guard let last = bytes.last else { return }
    lineByteCount += bytes.count
    lastByte = last
    let room = lineLimit + 1 - line.count
    guard room > 0 else { return }
    line.append(contentsOf: bytes.prefix(room))
  }

  /// Checks and delivers the line collected so far, and starts the next one.
  private func finishLine() throws(SessionError) -> SourceLine {
    defer {
      line.removeAll(keepingCapacity: true)
      lineByteCount = 0
      lastByte = 0
    }
    lineNumber += 1
    var length = lineByteCount
    if length > 0 && lastByte == 0x0D { length -= 1 }
    guard length <= lineLimit else {
      throw SessionError(
        .lineTooLong(length: length),
        at: SourceLocation(file: fileName, line: lineNumber, column: 1))
    }
    var bytes = line[0..<length]
    if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    switch UTF8Check.text(of: bytes) {
    case .success(let text):
      return SourceLine(number: lineNumber, text: text)
    case .failure(let problem):
      throw SessionError(
        problem.kind,
        at: SourceLocation(file: fileName, line: lineNumber, column: problem.column))
    }
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
