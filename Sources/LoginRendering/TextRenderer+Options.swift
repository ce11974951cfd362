extension TextRenderer {
  /// How a screen is drawn: its width, its character set and the spinner's frame.
  ///
  /// The width is validated once, here: an out-of-range width is a typed error from
  /// ``init(width:ascii:spinnerFrame:focus:)``, so a renderer can never be asked for a screen it
  /// cannot draw.
  public struct Options: Equatable, Hashable, Sendable {
    /// The widths a screen can have, in terminal columns.
    public static let widthRange: ClosedRange<Int> = 28...120
    /// The width used when none is given.
    public static let defaultWidth = 40

    /// The width of every line, in terminal columns; always within ``widthRange``.
    public private(set) var width: Int
    /// Whether to draw with printable 7-bit ASCII only; user text outside it is escaped.
    public var ascii: Bool
    /// Which frame of the spinner to draw while submitting (any integer; it wraps around).
    ///
    /// Passed in rather than read from a clock, so the same state always draws the same.
    public var spinnerFrame: Int
    /// The control an interactive front end has focused, drawn with a marker in its left
    /// margin; `nil` (the default) draws no marker and no Log Out button, exactly the screen
    /// of a non-interactive renderer.
    ///
    /// With a focus, the success screen also shows the Log Out button the focus can reach.
    public var focus: Focus?

    /// How many characters of the focused field are before the caret of an interactive
    /// front end; `nil` (the default) draws the end of a long value, as a screen without a
    /// caret does. With a caret, the field keeps it in view and
    /// ``TextRenderer/caretPosition(_:)`` says where it is.
    public var caret: Int?

    /// Whether the form offers "Sign in with a browser", a button under Log In (dimmed while
    /// it cannot start): set it when the service offers device login
    /// (`LoginStore.offersDeviceLogin`). `false` by default.
    public var offersDeviceLogin = false

    /// Options for the default width, ``defaultWidth``.
    public init(ascii: Bool = false, spinnerFrame: Int = 0, focus: Focus? = nil) {
      self.width = Self.defaultWidth
      self.ascii = ascii
      self.spinnerFrame = spinnerFrame
      self.focus = focus
    }

    /// Options for a given width.
    ///
    /// - Throws: ``TextRenderer/OptionsError/widthOutOfRange(_:)`` when `width` is outside
    ///   ``widthRange``.
    public init(width: Int, ascii: Bool = false, spinnerFrame: Int = 0, focus: Focus? = nil)
      throws(TextRenderer.OptionsError)
    {
      guard Self.widthRange.contains(width) else { throw .widthOutOfRange(width) }
      self.width = width
      self.ascii = ascii
      self.spinnerFrame = spinnerFrame
      self.focus = focus
    }
  }
}
