/// An option of a command, declared once: the scanner finds it by its ``names`` and the help
/// says what it is from the rest.
///
/// Each executable declares its options as an enum conforming to this protocol (the order of
/// `allCases` is the order of its help); `--version` and `--help`, which every command has,
/// are the module's own (``StandardOption``) and come last.
package protocol CommandOption: CaseIterable, Equatable, Sendable {
  /// The spelling listed after an unknown option and in messages, such as `--timeout`.
  var name: String { get }
  /// Every spelling, short ones first; just ``name`` unless the option has a short one.
  var names: [String] { get }
  /// The placeholder for the option's value in the help, such as `duration`; `nil` for a
  /// flag, which takes no value.
  var valueName: String? { get }
  /// What the option does, in a sentence or two for the help.
  var abstract: String { get }
  /// The values the option accepts when they are a fixed list; empty otherwise.
  var possibleValues: [String] { get }
  /// The option's value when it is not given, as the command line writes it; `nil` when
  /// there is none to show (a flag, or a default that is another module's own).
  var defaultValue: String? { get }
}

extension CommandOption {
  /// One spelling, ``name``.
  package var names: [String] { [name] }
}

extension CommandOption where Self: RawRepresentable, RawValue == String {
  /// The raw value: an enum of options is spelled as its cases' raw values.
  package var name: String { rawValue }
}
