import LoginCommandLine
import LoginRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a signal handler needs to put the terminal back: the attributes to restore and the
/// bytes that end the drawing. A plain value read by a handler that may run on any thread at
/// any time, so it holds no reference: a `termios` and a `StaticString` (constant memory).
nonisolated(unsafe) private var terminalToRestore: (attributes: termios, end: StaticString)?

/// The controlling terminal on standard input and output: raw mode, the alternate screen,
/// and their exact undoing.
///
/// ``enter(drawing:bracketedPaste:)`` saves the attributes (termios) and switches to raw
/// mode; when drawing, it also switches to the alternate screen, hides the cursor and turns
/// bracketed paste on. ``restore()`` undoes all of it — attributes exactly as saved, cursor
/// shown, main screen back — and is safe to call more than once and from any thread.
/// ``suspend()`` and ``resume()`` do the same for a stop (Ctrl-Z) and the continue after it.
public final class TerminalDevice: Sendable {
  /// Standard input.
  static let input: Int32 = 0
  /// Standard output.
  static let output: Int32 = 1

  /// Turned on at the start: alternate screen, cursor hidden, bracketed paste.
  static let drawingStart: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
  /// Turned back off, in the reverse order: bracketed paste off, cursor shown, main screen.
  static let drawingEnd: StaticString = "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
  /// Bracketed paste only, for the screen-reader mode.
  static let speakingStart: StaticString = "\u{1B}[?2004h"
  /// Bracketed paste off.
  static let speakingEnd: StaticString = "\u{1B}[?2004l"
  /// Nothing, for a terminal that understands no escape sequence (`TERM=dumb`).
  static let nothing: StaticString = ""

  /// Why the terminal cannot be used.
  public enum Failure: Error, Equatable, Sendable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `tcgetattr` or `tcsetattr` failed with this `errno`.
    case attributes(Int32)
  }

  private let original: termios
  private let raw: termios
  private let start: StaticString
  private let end: StaticString
  /// Whether ``restore()`` ran.
  private let restored = Locked(false)
  /// Whether ``suspend()`` gave the terminal back and no ``resume()`` took it since: a
  /// stop handled here is followed by SIGCONT's own resume, which must not flush the keys
  /// typed in between.
  private let suspended = Locked(false)

  private init(original: termios, raw: termios, start: StaticString, end: StaticString) {
    self.original = original
    self.raw = raw
    self.start = start
    self.end = end
  }

  /// Whether standard input and standard output are both terminals.
  public static var isInteractive: Bool {
    isatty(input) == 1 && isatty(output) == 1
  }

  /// Saves the terminal's attributes and switches it to raw mode (and, when `drawing`, to
  /// the alternate screen with the cursor hidden; without either, to bracketed paste when
  /// `bracketedPaste`).
  public static func enter(
    drawing: Bool, bracketedPaste: Bool = true
  ) throws(Failure) -> TerminalDevice {
    guard isInteractive else { throw .notATerminal }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { throw .attributes(errno) }
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .attributes(errno) }
    let device =
      if drawing {
        TerminalDevice(original: saved, raw: raw, start: drawingStart, end: drawingEnd)
      } else if bracketedPaste {
        TerminalDevice(original: saved, raw: raw, start: speakingStart, end: speakingEnd)
      } else {
        TerminalDevice(original: saved, raw: raw, start: nothing, end: nothing)
      }
    terminalToRestore = (saved, device.end)
    device.write("\(device.start)")
    return device
  }

  /// The terminal's size, or `nil` when it does not say.
  public static func size() -> TerminalSize? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Writes `text` whole, in one `write` unless the terminal takes it in parts, with the
  /// command line's one writer of standard output (retrying after `EINTR`, never trapping).
  ///
  /// - Returns: `false` when the terminal cannot be written.
  @discardableResult
  public func write(_ text: String) -> Bool {
    StandardDescriptor.output.write(Array(text.utf8)) == nil
  }

  /// Puts the terminal back as it was, for a stop; ``resume()`` undoes it.
  public func suspend() {
    guard !restored.withLock({ $0 }) else { return }
    suspended.withLock { $0 = true }
    write("\(end)")
    var saved = original
    _ = tcsetattr(Self.input, TCSAFLUSH, &saved)
  }

  /// Raw mode and the drawing again, after a stop (the caller draws the whole screen). Only
  /// the first call after ``suspend()`` flushes input (what was typed to the stopped
  /// program); a later one, such as SIGCONT's after a stop handled here, keeps the keys the
  /// user typed since.
  public func resume() {
    guard !restored.withLock({ $0 }) else { return }
    let wasSuspended = suspended.withLock { was in
      defer { was = false }
      return was
    }
    // A SIGCONT with no stop seen (`kill -STOP` then `fg`): the shell may have changed the
    // terminal's modes meanwhile, so raw mode is set again, but nothing typed is flushed.
    guard wasSuspended else {
      var attributes = raw
      _ = tcsetattr(Self.input, TCSANOW, &attributes)
      write("\(start)")
      return
    }
    var attributes = raw
    _ = tcsetattr(Self.input, TCSAFLUSH, &attributes)
    write("\(start)")
  }

  /// Puts the terminal back exactly as ``enter(drawing:bracketedPaste:)`` found it; only
  /// the first call does anything.
  public func restore() {
    let first = restored.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    write("\(end)")
    var saved = original
    _ = tcsetattr(Self.input, TCSAFLUSH, &saved)
    terminalToRestore = nil
  }

  /// Puts the terminal back from a signal handler, with async-signal-safe calls only (a
  /// `write` of constant bytes and `tcsetattr`); does nothing when no terminal was entered.
  static func restoreFromSignalHandler() {
    guard var saved = terminalToRestore else { return }
    saved.end.withUTF8Buffer { bytes in _ = writeBytes(output, bytes.baseAddress, bytes.count) }
    _ = tcsetattr(input, TCSANOW, &saved.attributes)
  }
}

/// The C library's `write`, under a name no method shadows.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
