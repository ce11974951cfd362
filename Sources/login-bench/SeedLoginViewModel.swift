import Foundation

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
