// libFuzzer target `replay`: the whole `login-replay` engine on a fuzzed session: parse, run
// on the virtual clock, render, in every output format. See Docs/Fuzzing.md.
//
// The first byte of the input picks the command line (format, trace, width, ASCII, timeout,
// FILE or `-`); the rest is the session.
import Dispatch
import LoginCommandLine
import LoginReplay

#if canImport(Glibc)
  import Glibc
#endif

/// A password marker. The skull cannot reach the email field or an expected text unless a
/// non-password argument holds it, so the marker may show only then, or after a
/// `toggle-password`.
private let secret = "\u{2620}Hunter2Secret"
/// The session file, one per fuzzing process, in memory where the system offers a tmpfs: on
/// a disk, the truncate and writeback of every run took most of the harness's time.
private let path =
  (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/fuzz-replay-\(getpid()).login"

/// What a run returned, handed from its task to the fuzzer's thread.
private final class Outcome: @unchecked Sendable {
  var status: Int32 = -1
  var standardOutput = ""
  var standardError = ""
}

/// libFuzzer's entry point: runs one input and checks the invariants, crashing on a
/// violation; returns 0 to keep the input, -1 to reject it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  // Bounded work: at most 4 KiB of session (the engine bounds the rest).
  guard count >= 1, count <= 4_097 else { return -1 }
  let input = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  let selector = input[0]
  let session = Array(input.dropFirst())

  var arguments: [String] = []
  switch selector & 3 {
  case 0: break
  case 1: arguments += ["--trace"]
  case 2: arguments += ["--format", "jsonl"]
  default: arguments += ["--format=jsonl", "--trace"]
  }
  if selector & 4 != 0 { arguments += ["--ascii"] }
  arguments += ["--width", ["40", "28", "120", "33"][Int(selector >> 3) & 3]]
  arguments += ["--timeout", ["30s", "1s", "0.000000001s", "86400s"][Int(selector >> 5) & 3]]
  let fromStandardInput = selector & 0x80 != 0

  var descriptor: Int32 = 0
  if fromStandardInput {
    // A pipe holds 64 KiB: the whole session fits before anyone reads.
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("pipe failed") }
    write(all: session, to: ends[1])
    close(ends[1])
    descriptor = ends[0]
    arguments.append("-")
  } else {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else { fatalError("cannot write \(path)") }
    write(all: session, to: file)
    close(file)
    arguments.append(path)
  }
  defer { if fromStandardInput { close(descriptor) } }

  let outcome = Outcome()
  let done = DispatchSemaphore(value: 0)
  let command = arguments
  let standardInput = descriptor
  Task {
    let output = CapturedOutput()
    let status = await ReplayCommand.run(command, output: output, standardInput: standardInput)
    outcome.status = status.rawValue
    outcome.standardOutput = output.standardOutput
    outcome.standardError = output.standardError
    done.signal()
  }
  done.wait()

  precondition([0, 1, 2].contains(outcome.status), "exit status \(outcome.status)")
  // Parsing the session again is needed only when the marker shows.
  if outcome.standardOutput.holds(secret) {
    precondition(secretMayShow(session), "the hidden password is on standard output")
  }
  if outcome.standardError.holds(secret) {
    precondition(secretMayShow(session), "the hidden password is on standard error")
  }
  return 0
}

private func write(all bytes: [UInt8], to descriptor: Int32) {
  let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  precondition(written == bytes.count, "short write")
}

/// Whether the session may legitimately print the marker: it shows the password
/// (`toggle-password`), or a command other than `type`/`set password` holds the skull (an
/// email or an expected text is printed as written).
private func secretMayShow(_ session: [UInt8]) -> Bool {
  for (index, bytes) in session.split(separator: 0x0A, omittingEmptySubsequences: false)
    .enumerated()
  {
    let text = String(decoding: bytes, as: UTF8.self)
    guard case .success(let located)? = SessionParser.parse(text, file: "f", line: index + 1)
    else { continue }
    switch located.command {
    case .togglePassword: return true
    case .type(.password, _), .set(.password, _): continue
    default: if "\(located.command)".holds("\u{2620}") { return true }
    }
  }
  return false
}
