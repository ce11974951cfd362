// login-explore: explores every reachable state of the running login system. Everything
// lives in the LoginExplorer library (see `ExploreCommand`); this file only connects it to
// the process.
import LoginExplorer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = await ExploreCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
