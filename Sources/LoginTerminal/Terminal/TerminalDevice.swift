import LoginCommandLine
import LoginRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal on standard input and output: raw mode, the alternate screen,
/// and their exact undoing.
///
/// ``enter(drawing:)`` saves the attributes (termios) and switches to raw mode; when
/// drawing, it also switches to the alternate screen, hides the cursor and turns bracketed
/// paste on. ``restore()`` undoes all of it — attributes exactly as saved, cursor shown,
/// main screen back — and is safe to call more than once and from any thread.
public final class TerminalDevice: Sendable {
  /// Standard input.
  static let input: Int32 = 0
  /// Standard output.
  static let output: Int32 = 1

  /// Turned on at the start: alternate screen, cursor hidden, bracketed paste.
  static let drawingStart = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
  /// Turned back off, in the reverse order: bracketed paste off, cursor shown, main screen.
  static let drawingEnd = "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
  /// Bracketed paste only, for the screen-reader mode.
  static let speakingStart = "\u{1B}[?2004h"
  /// Bracketed paste off.
  static let speakingEnd = "\u{1B}[?2004l"

  /// Why the terminal cannot be used.
  public enum Failure: Error, Equatable, Sendable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `tcgetattr` or `tcsetattr` failed with this `errno`.
    case attributes(Int32)
  }

  private let original: termios
  private let end: String
  /// Whether ``restore()`` ran.
  private let restored = Locked(false)

  private init(original: termios, end: String) {
    self.original = original
    self.end = end
  }

  /// Whether standard input and standard output are both terminals.
  public static var isInteractive: Bool {
    isatty(input) == 1 && isatty(output) == 1
  }

  /// Saves the terminal's attributes and switches it to raw mode (and, when `drawing`, to
  /// the alternate screen with the cursor hidden).
  public static func enter(drawing: Bool) throws(Failure) -> TerminalDevice {
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
    let device = TerminalDevice(original: saved, end: drawing ? drawingEnd : speakingEnd)
    device.write(drawing ? drawingStart : speakingStart)
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

  /// Puts the terminal back exactly as ``enter(drawing:)`` found it; only the first call
  /// does anything.
  public func restore() {
    let first = restored.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    write(end)
    var saved = original
    _ = tcsetattr(Self.input, TCSAFLUSH, &saved)
  }
}
