import LoginFlow
import LoginRuntime

extension ReplayOptions {
  /// The one-line synopsis printed under a usage error.
  public static let usageLine = "USAGE: login-replay [<options>] <file>"

  /// What `--version` prints: the program's name and the package's version.
  public static let versionText = "login-replay \(LoginFlowVersion.current)"

  /// What `--help` prints, in the OVERVIEW / USAGE / ARGUMENTS / OPTIONS layout.
  public static let helpText = """
    OVERVIEW: Replay a login session file through the real login store.

    A session file (.login) is a script of what a user does on the login screen and what
    the screen must show. login-replay runs it on a virtual clock and prints what the
    screen showed. See Docs/SessionFormat.md for the language.

    \(usageLine)

    ARGUMENTS:
      <file>                  The session file to run, or - to read the session from
                              standard input line by line.

    OPTIONS:
      --format <format>       text: snapshots as rendered screens; jsonl: one JSON object
                              per action. (values: text, jsonl; default: text)
      --trace                 Print one line per transition and per step of each auth
                              request (in jsonl: add "event" objects).
      --auth <auth>           demo, or the URL of an HTTP auth service (the clock is then
                              real, wait sleeps and respond is an error). (default: demo)
      --auth-format <auth-format>
                              The wire format spoken to the URL. (values: json, oauth2;
                              default: json)
      --client-id <id>        The OAuth 2.0 client_id sent with --auth-format oauth2.
                              (default: login-replay)
      --timeout <duration>    The store's request timeout, such as 30s or 500ms, at most
                              \(DurationLiteral.format(LoginStore.timeoutRange.upperBound)) (1 day). (default: \(DurationLiteral.format(defaultTimeout)))
      --width <n>             The screen width in columns, from 28 to 120.
      --ascii                 Draw plain ASCII instead of box-drawing characters.
      --version               Show the version.
      -h, --help              Show help information.

    EXIT STATUS:
      0  every expectation held
      1  at least one expectation failed
      2  a usage, input or parse error
      3  standard output could not be written
    """
}
