import LoginCommandLine

/// Where a replay writes: its standard output (snapshots, traces, JSON lines, the summary)
/// and its standard error (diagnostics such as `FILE:LINE: expectation failed: …`).
///
/// The runner calls it from one task at a time and calls `flush()` after every command, so
/// a program driving `login-replay -` reads each command's answer as soon as it is complete;
/// it stops at the next command once `failure` is set. It is the command line's
/// ``CommandOutput``: `StandardStreamsOutput` writes to the process's streams,
/// ``CapturedOutput`` keeps the text, for tests and other front ends.
public typealias ReplayOutput = CommandOutput
