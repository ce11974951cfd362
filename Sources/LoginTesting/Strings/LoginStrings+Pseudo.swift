import LoginFlow

extension LoginStrings {
  /// The English catalog in the ``PseudoLocale``: every text longer and accented, for tests
  /// that prove a screen reads all its text from the catalog and that its layout holds a
  /// longer language.
  public static let pseudo = LoginStrings.english.map(PseudoLocale.localize)
}
