/// BASELINE, not our code (measured in the same run as what it is compared with): the raw
/// lower bound of a keystroke, a struct holding the two fields, updated in place with
/// the new text and nothing else — no validation, no phase, no effects.
struct RawForm {
  var email = ""
  var password = ""

  /// Stores the new text of a field; `isEmail` picks the field.
  @inline(never)
  mutating func update(isEmail: Bool, to text: String) {
    if isEmail { email = text } else { password = text }
  }
}
