/// What a `login-replay` command line asks for: run a session, or print help or the version.
public enum ReplayInvocation: Equatable, Sendable {
  /// Run the session with these options.
  case run(ReplayOptions)
  /// `--help` or `-h`: print ``ReplayOptions/helpText`` on standard output, exit 0.
  case help
  /// `--version`: print ``ReplayOptions/versionText`` on standard output, exit 0.
  case version
}
