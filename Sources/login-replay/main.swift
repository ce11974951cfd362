import LoginCommandLine
import LoginReplay

// login-replay: replays a session file through the real login store. Everything lives in
// the LoginReplay library (see `ReplayCommand`); this file only connects it to the process.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let output = StandardStreamsOutput.claimProcessStreams()
let status = await ReplayCommand.run(Array(CommandLine.arguments.dropFirst()), output: output)
exit(status.rawValue)
