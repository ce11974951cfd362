@_spi(Reflection) import Swift
import Testing

@testable import LoginFlow

/// `LoginState.adopt(_:)`, with which a runtime keeps the copy of its state that other
/// threads read: after it the copy is the state byte for byte, and it says whether the two
/// were equal, equal but spelled otherwise, or different.
@Suite("LoginState adoption")
struct AdoptionTests {
  /// A state in which every stored field differs from the first screen's.
  static let everyFieldSet = LoginState(
    email: "demo@example.com", password: "Password123!", isPasswordVisible: true,
    phase: .failed(.rateLimited(retryAfter: .seconds(3))), attempt: 4,
    consecutiveInvalidCredentials: 2, emailLimitReached: true, passwordLimitReached: true,
    sessionNotRemembered: true)

  /// One change of each stored field, from the first screen.
  static let oneFieldChanged: [(field: String, state: LoginState)] = {
    var changes: [(String, LoginState)] = []
    func changed(_ field: String, _ change: (inout LoginState) -> Void) {
      var state = LoginState()
      change(&state)
      changes.append((field, state))
    }
    changed("storedEmail") { $0.email = "a@b.cd" }
    changed("storedPassword") { $0.password = "a password longer than fifteen bytes" }
    changed("isPasswordVisible") { $0.isPasswordVisible = true }
    changed("phase") { $0.phase = .succeeded(AuthSession(token: "token", refreshToken: "r")) }
    changed("attempt") { $0.attempt = 1 }
    changed("consecutiveInvalidCredentials") { $0.consecutiveInvalidCredentials = 1 }
    changed("emailLimitReached") { $0.emailLimitReached = true }
    changed("passwordLimitReached") { $0.passwordLimitReached = true }
    changed("sessionNotRemembered") { $0.sessionNotRemembered = true }
    return changes
  }()

  /// The stored fields `adopt(_:)` copies by hand, with the two it derives from the texts.
  static let adoptedFields =
    oneFieldChanged.map(\.field) + ["emailIsValid", "passwordIsValid"]

  @Test func everyStoredFieldIsOneThatAdoptionCopies() {
    var stored: [String] = []
    _ = _forEachField(of: LoginState.self) { name, _, _, _ in
      stored.append(String(cString: name))
      return true
    }
    #expect(
      stored.sorted() == Self.adoptedFields.sorted(),
      "a stored field was added or renamed: LoginState.adopt(_:) must copy it")
  }

  @Test func eachChangedFieldIsCopiedAndIsADifference() {
    for (field, changed) in Self.oneFieldChanged {
      var kept = LoginState()
      let likeness = withUnsafePointer(to: changed) { kept.adopt($0) }
      #expect(likeness == .different, "\(field)")
      #expect(kept == changed, "\(field)")
      #expect(Self.bytes(of: kept) == Self.bytes(of: changed), "\(field)")
    }
  }

  @Test func everyFieldAtOnceIsCopiedBothWays() {
    var kept = LoginState()
    #expect(withUnsafePointer(to: Self.everyFieldSet) { kept.adopt($0) } == .different)
    #expect(kept == Self.everyFieldSet)
    #expect(kept.isEmailValid && kept.isPasswordValid)
    let first = LoginState()
    #expect(withUnsafePointer(to: first) { kept.adopt($0) } == .different)
    #expect(kept == first)
    #expect(!kept.isEmailValid && !kept.isPasswordValid)
  }

  @Test func anEqualStateIsIdenticalAndChangesNothing() {
    var kept = Self.everyFieldSet
    // Equal texts in storage of their own: equal, and the same bytes.
    var other = Self.everyFieldSet
    other.email = String(decoding: Array(other.email.utf8), as: UTF8.self)
    #expect(withUnsafePointer(to: other) { kept.adopt($0) } == .identical)
    #expect(kept == Self.everyFieldSet)
  }

  @Test(arguments: [true, false])
  func aTextSpelledOtherwiseIsRespelledAndCopied(_ inEmail: Bool) {
    var kept = LoginState(email: "caf\u{E9}@example.com", password: "caf\u{E9}")
    var other = kept
    if inEmail { other.email = "cafe\u{301}@example.com" } else { other.password = "cafe\u{301}" }
    #expect(other == kept)
    #expect(withUnsafePointer(to: other) { kept.adopt($0) } == .respelled)
    #expect(Self.bytes(of: kept) == Self.bytes(of: other))
  }

  @Test func aRespellingBesideAChangeIsAChange() {
    var kept = LoginState(email: "caf\u{E9}@example.com")
    let other = LoginState(email: "cafe\u{301}@example.com", attempt: 1)
    #expect(withUnsafePointer(to: other) { kept.adopt($0) } == .different)
    #expect(Self.bytes(of: kept) == Self.bytes(of: other))
    #expect(kept == other)
  }

  /// The typed fields' UTF-8.
  static func bytes(of state: LoginState) -> [[UInt8]] {
    [Array(state.email.utf8), Array(state.password.utf8)]
  }
}
