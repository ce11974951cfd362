// login-bench: measures LoginFlow's hot paths against baselines, in one release run.
//
//   swift run -c release login-bench [--json] [--quick] [--only NAME,…]   (--help lists NAMEs)
//
// Every measurement runs in interleaved passes (each pass times each measurement once, the
// order reversing from pass to pass) and reports its median; each ratio is the median of its
// per-pass ratios, so drift of a busy machine cancels. `--json` prints one JSON object
// (`results`, `ratios`); `--quick` runs few, short passes, for CI, whose numbers mean nothing.
// Speed is measured here, never in tests. `Docs/Performance.md` explains the baselines.

import LoginCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let output = StandardStreamsOutput.claimProcessStreams()
// The measurements' names and labels, for the help and `--only`; nothing is run or written.
let catalog = Measurements(quick: false).benchmarks
let options: BenchOptions
do {
  switch try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()), measurements: catalog) {
  case .help:
    output.writeLine(BenchOptions.command(measurements: catalog).helpText)
    exit(output.finish(.success).rawValue)
  case .version:
    output.writeLine(BenchOptions.command(measurements: catalog).versionText)
    exit(output.finish(.success).rawValue)
  case .run(let parsed):
    options = parsed
  }
} catch {
  output.writeErrorLine(error.report)
  exit(ExitCode.usageOrInputError.rawValue)
}

let measurements = Measurements(quick: options.quick)
do {
  try measurements.writeSessions()
} catch {
  output.writeErrorLine("error: cannot write the session files of the replay measurements")
  exit(ExitCode.failure.rawValue)
}
let passes = options.quick ? Measurements.quickPasses : Measurements.passes
let benchmarks = measurements.benchmarks
let selected =
  options.only.map { names in benchmarks.filter { names.contains($0.name) } }
  ?? benchmarks
// With --only, the ratios whose measurements were all selected.
let selectedRatios = Measurements.ratios.filter { definition in
  switch definition.kind {
  case .over(let numerator, let denominator):
    selected.contains { $0.name == numerator } && selected.contains { $0.name == denominator }
  case .perSecond(let name): selected.contains { $0.name == name }
  }
}
let suite = BenchmarkSuite(benchmarks: selected, ratios: selectedRatios, passes: passes)
let outcome = await suite.run()
output.writeLine(
  options.json ? outcome.json(passes: passes, quick: options.quick) : outcome.text(passes: passes))
exit(output.finish(.success).rawValue)
