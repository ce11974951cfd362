import Foundation
import LoginCommandLine
import LoginTerminal

// login-tui: the login screen, live in a terminal. Everything lives in the LoginTerminal
// library (see `TerminalCommand`); this file only connects it to the process.
let output = StandardStreamsOutput.claimProcessStreams()
let status = await TerminalCommand.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
  output: output)
exit(status.rawValue)
