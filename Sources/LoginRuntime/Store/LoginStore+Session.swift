extension LoginStore {
  /// How long a saved session is remembered when the backend gave it no lifetime: 7 days.
  ///
  /// A remembered session always expires: a token with no stated lifetime is not restored
  /// forever. A week covers a working week of relaunches, and a lifetime the backend gives
  /// (``/LoginFlow/AuthSession/expiresIn``) always wins over it.
  public static let defaultSessionLifetime = Duration.seconds(7 * 86_400)
}
