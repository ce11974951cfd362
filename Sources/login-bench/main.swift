// login-bench: measures LoginFlow's performance budgets, and more for information, in one
// release run.
//
//   swift run -c release login-bench [--json] [--quick] [--check] [--only NAME,…]
//
// Each budget (`Budget`: one definition, from which the table, the JSON object, the help and
// Docs/Performance.md's table derive) reports the median and the p99 of its samples and
// whether it is met. The information's measurements run in interleaved passes with ratios
// and no target; the seed ratio's samples come from those passes. `--json` prints one JSON
// object (`budgets`, `information`); `--quick` runs little, for CI, whose numbers mean
// nothing; `--check` exits with 1 when a budget is not met. Speed is measured here, never
// in tests.

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
let selected = measurements.benchmarks.filter { options.runs(measurement: $0.name) }
// The ratios whose measurements both run.
let selectedRatios = Measurements.ratios.filter { definition in
  selected.contains { $0.name == definition.numerator }
    && selected.contains { $0.name == definition.denominator }
}
let suite = BenchmarkSuite(
  benchmarks: selected, ratios: selectedRatios, passes: measurements.passes)
let information = await suite.run()
let runner = BudgetRunner(
  measurements: measurements,
  seedRatioSamples: information.samples(of: Measurements.seedRatioKey))
let budgets = await runner.run(options.budgets)
let report = BenchReport(
  budgets: budgets.results, information: information, startup: budgets.startup,
  keystrokeOnPool: budgets.keystrokeOnPool,
  quick: options.quick, checksum: information.checksum &+ budgets.checksum)
output.writeLine(options.json ? report.json : report.text)
let status: ExitCode = options.check && !report.allMet ? .failure : .success
exit(output.finish(status).rawValue)
