import LoginFlow
import LoginRendering
import LoginTesting
import Testing

/// Every text a screen shows comes from its `LoginStrings`: drawn or spoken in the
/// pseudo-locale, no English is left but what the user typed.
@Suite struct LocalizationTests {
  /// Whether `text` holds an ASCII letter: English that did not come from the catalog (the
  /// pseudo-locale accents every letter).
  static func holdsEnglish(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
  }

  /// What the server sent that a screen shows as sent: the device step's code and pages.
  static func serverText(of state: LoginState) -> [String] {
    guard let codes = state.deviceLogin?.authorization else { return [] }
    return [codes.verificationURIComplete, codes.verificationURI, codes.userCode].compactMap {
      $0
    }
  }

  @Test(arguments: RenderingCatalog.pseudo)
  func aPseudoScreenShowsOnlyCatalogText(_ screen: RenderingCase) throws {
    let server = Self.serverText(of: screen.state)
    for line in try screen.rendered().split(separator: "\n") {
      // A field's box shows what the user typed, as typed; a line of the server's text (a
      // piece of a wrapped address) shows it as sent.
      guard !line.hasPrefix("│ │") else { continue }
      let inner = line.trimmingPrefix("│").dropLast().trimmingCharacters(in: .whitespaces)
      guard !server.contains(where: { $0.contains(inner) }) else { continue }
      #expect(!Self.holdsEnglish(line), "not from the catalog: \(line)")
    }
  }

  @Test(arguments: RenderingCatalog.pseudo)
  func aPseudoScreenIsSpokenOnlyInCatalogText(_ screen: RenderingCase) {
    for element in AccessibleScreen.elements(of: screen.state, strings: .pseudo) {
      var spoken = element.spoken(in: .pseudo)
      if let value = element.value { spoken = spoken.replacing(value, with: "") }
      let server =
        Self.serverText(of: screen.state)
        + Self.serverText(of: screen.state).map(
          DeviceLoginStrings.grouped)
      for text in server { spoken = spoken.replacing(text, with: "") }
      #expect(!Self.holdsEnglish(spoken), "not from the catalog: \(spoken)")
    }
  }

  @Test func announcementsComeFromTheCatalog() {
    let filled = LoginState(email: "demo@example.com", password: "pw", phase: .editing)
    var states = [LoginState(), filled]
    states.append(reduce(filled, .passwordVisibilityToggled).state)
    states.append(reduce(filled, .submitTapped).state)
    let submitting = reduce(filled, .submitTapped).state
    states.append(reduce(submitting, .authResponse(attempt: 1, .failure(.timedOut))).state)
    let succeeded = reduce(
      submitting, .authResponse(attempt: 1, .success(AuthSession(token: "t")))
    ).state
    states += [succeeded, reduce(succeeded, .logoutTapped).state]
    var spokenAny = false
    for (before, after) in zip(states, states.dropFirst()) {
      for line in AccessibleScreen.announcements(from: before, to: after, strings: .pseudo) {
        spokenAny = true
        #expect(!Self.holdsEnglish(line), "\(line)")
      }
    }
    #expect(spokenAny)
  }

  @Test func theEnglishCatalogIsTheCoresEnglish() {
    let english = LoginStrings.english
    for error in AuthError.allCases {
      #expect(english.message(for: error) == error.message)
    }
    #expect(english.invalidEmail == LoginState.invalidEmailMessage)
    #expect(english.limitReached(254) == "Limit reached: 254 characters")
    #expect(english.characterCount(0) == "empty")
    #expect(english.characterCount(1) == "1 character")
    #expect(english.characterCount(12) == "12 characters")
    let failed = LoginState(phase: .failed(.serverError))
    #expect(failed.errorMessage(in: english) == failed.errorMessage)
    #expect(english.submitTitle(for: failed) == "Try Again")
  }

  @Test func thePseudoLocaleChangesEveryTextAndKeepsItsPlaceholders() {
    let english = Mirror(reflecting: LoginStrings.english).children.compactMap {
      $0.value as? String
    }
    let pseudo = Mirror(reflecting: LoginStrings.pseudo).children.compactMap {
      $0.value as? String
    }
    #expect(english.count == pseudo.count)
    #expect(english.count > 30)
    for (plain, localized) in zip(english, pseudo) {
      #expect(localized != plain)
      #expect(localized.count > plain.count, "longer: \(localized)")
      #expect(!Self.holdsEnglish(localized.replacing(/\{[a-z]+\}/, with: "")), "\(localized)")
    }
    #expect(LoginStrings.pseudo.limitReached(254).contains("254"))
    #expect(!LoginStrings.pseudo.limitReached(254).contains("{"))
    #expect(
      PseudoLocale.localize("Enter a valid email address.")
        == "[Éñţéŕ å ṽåļîð éṁåîļ åððŕéšš. ···········]")
  }
}
