import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `login-tui` running on a pseudo-terminal: the test types on the master side and reads
/// what the program draws, waiting for screen content with a deadline (poll with a
/// timeout), never for a fixed time.
final class PseudoTerminal {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// How long any wait may take before the test fails.
  static let deadline = Duration.seconds(20)

  let master: Int32
  let slave: Int32
  let pid: pid_t
  /// The slave's attributes before the program started.
  let originalAttributes: termios
  /// Everything the program wrote.
  private(set) var output: [UInt8] = []
  /// Where the next wait starts looking.
  private var mark = 0
  private var exitStatus: Int32?

  /// Starts `login-tui` with `arguments` on a new pseudo-terminal of `columns` x `rows`,
  /// with `environment` (`NAME=value`) added to its minimal environment.
  ///
  /// With `underAShell`, `login-tui` runs as a job of a `bash` with job control, as a user
  /// starts it: in a process group of its own, which a stop signal can stop (the kernel
  /// ignores SIGTSTP in an orphaned group, as the session leader's own would be). When it
  /// stops, the shell prints `[stopped 148]` and waits for a line; then `fg` continues it.
  /// ``pid`` is then the shell's; ``programPID`` finds `login-tui`'s.
  init(
    _ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 40,
    environment extra: [String] = [], underAShell: Bool = false
  ) throws {
    let program = try TerminalBinary.path()
    let binary = underAShell ? "/bin/bash" : program
    let arguments =
      underAShell
      ? ["-c", "set -m; \"$0\" \"$@\"; echo \"[stopped $?]\"; read -r line; fg", program]
        + arguments : arguments
    var master: Int32 = 0
    var slave: Int32 = 0
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw Failure(description: "openpty failed: \(errno)")
    }
    var attributes = termios()
    tcgetattr(slave, &attributes)
    // Everything the child needs is made before fork: after it, only exec.
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    // An extra NAME=value replaces the default of that name.
    let names = Set(extra.map { $0.prefix { $0 != "=" } })
    let environment =
      ["TERM=xterm-256color", "NO_COLOR=1", "PATH=/usr/bin:/bin"].filter {
        !names.contains($0.prefix { $0 != "=" })
      } + extra
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    let pid = fork()
    if pid == 0 {
      close(master)
      _ = login_tty(slave)
      execve(binary, argv, envp)
      _exit(127)
    }
    guard pid > 0 else { throw Failure(description: "fork failed: \(errno)") }
    self.master = master
    self.slave = slave
    self.pid = pid
    self.originalAttributes = attributes
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  /// Types `text` (bytes as a terminal sends them) in one write.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// The pid of `login-tui` itself: ``pid``, or under a shell the shell's one child.
  var programPID: pid_t? {
    let path = "/proc/\(pid)/task/\(pid)/children"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return pid }
    return text.split(separator: " ").first.flatMap { pid_t($0) } ?? pid
  }

  /// Types `bytes` as they are, however many, in as many writes as the terminal takes,
  /// reading what the program writes meanwhile: a program that draws while it reads must
  /// not block on a full output queue while this blocks on a full input queue.
  func send(bytes: [UInt8]) {
    var sent = 0
    let start = ContinuousClock.now
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(master, F_SETFL, flags) }
    while sent < bytes.count, ContinuousClock.now - start < Self.deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN | POLLOUT), revents: 0)
      guard poll(&descriptor, 1, 50) >= 0 || errno == EINTR else { return }
      if descriptor.revents & Int16(POLLIN) != 0 { _ = readSome(timeout: .zero) }
      guard descriptor.revents & Int16(POLLOUT) != 0 else { continue }
      let count = bytes[sent...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if count > 0 {
        sent += count
      } else if count < 0, errno != EINTR, errno != EAGAIN {
        return
      }
    }
  }

  /// Waits until the program has stopped (SIGTSTP), reading what it writes meanwhile.
  func waitForStop() throws {
    let start = ContinuousClock.now
    while true {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid, (status & 0xFF) == 0x7F {
        _ = readSome(timeout: .zero)
        return
      }
      guard ContinuousClock.now - start < Self.deadline else {
        throw Failure(description: "login-tui did not stop; saw:\n\(recent)")
      }
      _ = readSome(timeout: .milliseconds(50))
    }
  }

  /// The last place `text` (ending in `ESC [ ? 25 h`) puts the cursor, from
  /// `ESC [ row ; column H`, both from 1.
  static func cursor(in text: String) -> (row: Int, column: Int)? {
    guard let shown = text.range(of: "H\u{1B}[?25h", options: .backwards),
      let open = text[..<shown.lowerBound].range(of: "\u{1B}[", options: .backwards)
    else { return nil }
    let numbers = text[open.upperBound..<shown.lowerBound].split(separator: ";").compactMap {
      Int($0)
    }
    guard numbers.count == 2 else { return nil }
    return (numbers[0], numbers[1])
  }

  /// Changes the terminal's size and tells the program, as a terminal emulator does.
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(pid, SIGWINCH)
  }

  /// Resizes once and waits for `text`: the program reads its size once its signal handler
  /// is in place, so no resize is lost, even one in its first moments.
  @discardableResult
  func resize(columns: UInt16, rows: UInt16, thenWaitFor text: String) throws -> String {
    resize(columns: columns, rows: rows)
    return try waitFor(text)
  }

  /// What the program wrote since the last wait that matched, as text.
  var recent: String {
    String(decoding: output[mark...], as: UTF8.self)
  }

  /// Waits until the output since the last match contains `text`, then moves past it;
  /// returns that output.
  @discardableResult
  func waitFor(_ text: String, within deadline: Duration = PseudoTerminal.deadline) throws
    -> String
  {
    let needle = Array(text.utf8)
    let start = ContinuousClock.now
    while true {
      if let found = find(needle, from: mark) {
        let seen = String(decoding: output[mark..<(found + needle.count)], as: UTF8.self)
        mark = found + needle.count
        return seen
      }
      guard ContinuousClock.now - start < deadline else {
        throw Failure(
          description: "timed out waiting for \(text.debugDescription); saw:\n\(recent)")
      }
      guard readSome(timeout: deadline - (ContinuousClock.now - start)) else {
        throw Failure(
          description: "output ended waiting for \(text.debugDescription); saw:\n\(recent)")
      }
    }
  }

  /// Waits for the program to exit, reading what it writes meanwhile; its exit status, or
  /// 128 + the signal that killed it.
  func waitForExit() throws -> Int32 {
    let start = ContinuousClock.now
    while true {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid {
        _ = readSome(timeout: .zero)
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
      }
      guard ContinuousClock.now - start < Self.deadline else {
        throw Failure(description: "login-tui did not exit; saw:\n\(recent)")
      }
      // Wait on the terminal, not on a timer: the program writes its restore sequence last.
      _ = readSome(timeout: .milliseconds(50))
    }
  }

  /// Whether the terminal's attributes are exactly what they were before the program ran.
  var attributesRestored: Bool {
    var now = termios()
    tcgetattr(slave, &now)
    var before = originalAttributes
    return now.c_iflag == before.c_iflag && now.c_oflag == before.c_oflag
      && now.c_cflag == before.c_cflag && now.c_lflag == before.c_lflag
      && withUnsafeBytes(of: &now.c_cc) { now in
        withUnsafeBytes(of: &before.c_cc) { before in now.elementsEqual(before) }
      }
  }

  /// Reads what is available within `timeout`; `false` when the output ended.
  private func readSome(timeout: Duration) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(
      max(
        0,
        min(
          Int64(Int32.max),
          timeout.components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000)))
    let ready = poll(&descriptor, 1, milliseconds)
    guard ready > 0 else { return ready == 0 || errno == EINTR }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    output.append(contentsOf: buffer[0..<count])
    return true
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, output.count - start >= needle.count else { return nil }
    for index in start...(output.count - needle.count)
    where output[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
