// login-explore: explores every reachable state of the running login system. Everything
// lives in the LoginExplorer library (see `ExploreCommand`); this file only connects it to
// the process: its streams, and Ctrl-C, which stops the search with a partial report.
import LoginCommandLine
import LoginExplorer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let output = StandardStreamsOutput.claimProcessStreams()
let interruption = Interruption()
let status = await ExploreCommand.run(
  Array(CommandLine.arguments.dropFirst()), output: output,
  shouldStop: interruption.wasRequested)
exit(status.rawValue)
