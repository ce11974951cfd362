import Foundation

// The baselines the measured code is judged against. None of this is LoginFlow's code: each
// one is the least (or the most naive) way to do the same job, measured in the same run.

/// The raw lower bound of a keystroke: a struct holding the two fields, updated in place with
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

/// BASELINE, not our code: the login view model of the tutorial the project was seeded from,
/// ported as the tutorial writes it (an `ObservableObject` there; a plain class here, since
/// Linux has no Combine). Validation runs on every keystroke through Foundation:
/// `trimmingCharacters(in: .whitespaces)`, the `@` / `.` split rule, a whitespace check of
/// the password and `canLogin`.
final class SeedLoginViewModel {
  var email = "" {
    didSet { validate() }
  }
  var password = "" {
    didSet { validate() }
  }
  var isLoading = false
  private(set) var emailErrorMessage: String?
  private(set) var canLogin = false

  var isEmailValid: Bool {
    let trimmed = email.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: "@")
    guard parts.count == 2 else { return false }
    let domainParts = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return !parts[0].isEmpty && domainParts.count >= 2
      && domainParts.allSatisfy { !$0.isEmpty } && (domainParts.last?.count ?? 0) >= 2
      && !trimmed.contains(" ")
  }

  var isPasswordValid: Bool {
    !password.trimmingCharacters(in: .whitespaces).isEmpty
  }

  private func validate() {
    emailErrorMessage = email.isEmpty || isEmailValid ? nil : "Enter a valid email address."
    canLogin = isEmailValid && isPasswordValid && !isLoading
  }
}

/// The bare actor hop: an actor method that stores an Int, and nothing else.
actor BareActor {
  private var value = 0

  /// Stores `newValue` and returns the value it replaces, so that the caller has an answer to
  /// use after the call, as every caller of `send` has (its effects).
  func store(_ newValue: Int) -> Int {
    defer { value = newValue }
    return value
  }
}

/// The render lower bound: the bytes of the same screens, assembled from lines prepared in
/// advance — no layout, no widths, no escaping: one copy of each line's UTF-8 into the
/// finished string.
struct PreparedScreen: Sendable {
  let lines: [[UInt8]]
  let byteCount: Int

  init(_ screen: String) {
    lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    byteCount = screen.utf8.count
  }

  @inline(never)
  func assemble() -> String {
    String(unsafeUninitializedCapacity: byteCount) { buffer in
      var offset = 0
      for (index, line) in lines.enumerated() {
        if index > 0 {
          buffer[offset] = UInt8(ascii: "\n")
          offset += 1
        }
        offset += UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(
          fromContentsOf: line)
      }
      return offset
    }
  }
}
