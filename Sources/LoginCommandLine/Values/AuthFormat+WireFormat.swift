import LoginHTTP

extension AuthFormat {
  /// The HTTP service's wire format for this `--auth-format`, with `clientID` for OAuth 2.0.
  package func wireFormat(clientID: String) -> HTTPAuthService.WireFormat {
    switch self {
    case .json: .json
    case .oauth2: .oauth2Password(clientID: clientID)
    }
  }
}
