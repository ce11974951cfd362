import Dispatch
import LoginCommandLine
import LoginFlow
import LoginRendering
import LoginRuntime

/// The front end's loop: it embeds a ``LoginStore`` as `Docs/Embedding.md` says — sends the
/// actions the keys map to, draws (or speaks) every state the store publishes — and decides
/// no behaviour itself.
///
/// It awaits one stream of ``AppEvent``s: keys from a reader thread, states from
/// `store.states()`, signals from dispatch sources, and spinner ticks (10 a second, only
/// while a request runs). Nothing runs while nothing happens.
struct TerminalLoop {
  /// How often the spinner turns.
  static let spinnerInterval = Duration.milliseconds(100)

  let store: LoginStore
  let device: TerminalDevice
  let options: TerminalOptions
  let color: Bool

  /// The state drawn last, as the store published it.
  private var state: LoginState
  private var focus = FocusOrder.initial
  /// How many characters of the focused field are before the caret.
  private var caret = 0
  private var spinnerFrame = 0
  private var size: TerminalSize
  /// The bytes of the frame on screen, to skip writing the same frame again.
  private var shown = ""

  init(store: LoginStore, device: TerminalDevice, options: TerminalOptions, color: Bool) async {
    self.store = store
    self.device = device
    self.options = options
    self.color = color
    let state = await store.state
    self.state = state
    // A session restored at launch opens logged in, with the focus where a login puts it.
    focus = FocusOrder.focus(FocusOrder.initial, from: LoginState(), to: state)
    caret = KeyMap.fieldText(focus, state)?.count ?? 0
    self.size = Self.currentSize()
  }

  /// The terminal's size, or 80x24 when it does not say.
  private static func currentSize() -> TerminalSize {
    TerminalDevice.size() ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Runs until the user quits, input ends or a signal ends the program; restores the
  /// terminal and closes the store on every way out, and returns the exit status.
  mutating func run() async -> ExitCode {
    let (events, continuation) = AsyncStream<AppEvent>.makeStream()
    let deliver: @Sendable (AppEvent) -> Void = { continuation.yield($0) }
    let signals = SignalWatcher(queue: DispatchQueue(label: "login-tui.signals"), deliver: deliver)
    defer {
      signals.cancel()
      device.restore()
    }
    // Read once the watcher is on: a resize from the first moments is in this size, and
    // every later one arrives as an event.
    size = Self.currentSize()
    KeyboardReader.start(deliver)
    let store = self.store
    let observer = Task {
      // Every change: the screen-reader mode announces each step (signing in, the error).
      for await state in store.states(buffering: .all) { deliver(.state(state)) }
    }
    var spinner: Task<Void, Never>?
    var escapeTimer: Task<Void, Never>?
    var inputCount = 0
    var decoder = KeyDecoder()
    var status = ExitCode.success
    guard present(redraw: true) else { return .terminalFailed }
    loop: for await event in events {
      var redraw = false
      var keys: [Key] = []
      switch event {
      case .input(let bytes):
        inputCount += 1
        keys = decoder.decode(bytes)
        escapeTimer?.cancel()
        escapeTimer = nil
        if decoder.isWaiting {
          let count = inputCount
          escapeTimer = Task {
            do { try await Task.sleep(for: KeyDecoder.escapeTimeout) } catch { return }
            deliver(.inputPaused(count))
          }
        }
        // Bytes that finish no key (a long paste arriving) change nothing on the screen.
        if keys.isEmpty { continue }
      case .inputPaused(let count):
        guard count == inputCount else { continue }
        escapeTimer = nil
        keys = decoder.flush()
        if keys.isEmpty { continue }
      case .inputEnded:
        break loop
      case .state(let next):
        let before = state
        state = next
        let focusBefore = focus
        focus = FocusOrder.focus(focus, from: before, to: next)
        let length = KeyMap.fieldText(focus, next)?.count ?? 0
        caret = focus == focusBefore ? min(caret, length) : length
        if options.screenReader {
          guard speak(SpokenScreen.announcements(from: before, to: next)) else {
            status = .terminalFailed
            break loop
          }
        }
        if next.isLoading, spinner == nil {
          spinner = Task {
            while !Task.isCancelled {
              try? await Task.sleep(for: Self.spinnerInterval)
              deliver(.tick)
            }
          }
        } else if !next.isLoading {
          spinner?.cancel()
          spinner = nil
        }
      case .resized:
        size = Self.currentSize()
      case .stopRequested:
        stop(signals)
        redraw = true
      case .continued:
        device.resume()
        redraw = true
      case .terminated(let signal):
        status = .terminated(by: signal)
        break loop
      case .tick:
        guard spinner != nil else { continue }
        spinnerFrame += 1
      }
      for key in keys {
        let current = await store.state
        let response = KeyMap.response(to: key, focus: focus, caret: caret, state: current)
        let moved = response.focus != focus
        focus = response.focus
        for action in response.actions { await store.send(action) }
        caret = Self.caret(
          after: response, from: caret, before: current, now: await store.state)
        switch response.command {
        case .quit: break loop
        case .redraw: redraw = true
        case .speakHints:
          if options.screenReader, !speak([KeyHints.spoken(for: current)]) {
            status = .terminalFailed
            break loop
          }
        case .suspend:
          stop(signals)
          redraw = true
        case nil: break
        }
        // The store's state now, not the last one the stream delivered: a Tab straight after
        // a paste speaks the pasted value.
        if moved, options.screenReader,
          let line = SpokenScreen.focused(focus, in: await store.state)
        {
          guard speak([line]) else {
            status = .terminalFailed
            break loop
          }
        }
      }
      guard present(redraw: redraw) else {
        status = .terminalFailed
        break
      }
    }
    spinner?.cancel()
    escapeTimer?.cancel()
    observer.cancel()
    continuation.finish()
    device.restore()
    await store.close()
    return status
  }

  /// Where the caret is after `response` was sent from `caret`: where the key put it, or
  /// where it was when the store ignored the edit (typing while signing in), and never past
  /// the field's end (the store cuts a field to its maximum length).
  static func caret(
    after response: KeyResponse, from caret: Int, before: LoginState, now: LoginState
  ) -> Int {
    let text = KeyMap.fieldText(response.focus, now) ?? ""
    let edits = response.actions.contains { action in
      switch action {
      case .emailChanged, .passwordChanged, .secondFactor(.codeChanged): true
      default: false
      }
    }
    let ignored = edits && text == KeyMap.fieldText(response.focus, before)
    return min(ignored ? caret : response.caret, text.count)
  }

  /// Restores the terminal, stops the program until it is continued, then takes the
  /// terminal back; the caller draws the whole screen.
  private func stop(_ signals: SignalWatcher) {
    device.suspend()
    signals.stopProgram()
    device.resume()
  }

  /// Draws the frame for the current state, focus and size when it changed (always when
  /// `redraw`); with a screen reader, reads the whole screen again only on `redraw`.
  private mutating func present(redraw: Bool) -> Bool {
    if options.screenReader {
      guard redraw else { return true }
      return speak(
        SpokenScreen.screen(state) + [SpokenScreen.focused(focus, in: state)].compactMap { $0 })
    }
    let frame = TerminalFrame(
      state: state, focus: focus, caret: caret, size: size,
      look: .init(
        ascii: options.ascii, color: color, spinnerFrame: spinnerFrame,
        offersDeviceLogin: store.offersDeviceLogin)
    ).bytes
    guard redraw || frame != shown else { return true }
    shown = frame
    return device.write((redraw ? "\u{1B}[2J" : "") + frame)
  }

  /// Writes lines for a screen reader, each once, in one write.
  private func speak(_ lines: [String]) -> Bool {
    guard !lines.isEmpty else { return true }
    return device.write(lines.map { ScalarEscape.escaping($0) + "\r\n" }.joined())
  }
}
