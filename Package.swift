// swift-tools-version: 6.0

import PackageDescription

let package = Package(
  name: "LoginFlow",
  products: [
    .library(name: "LoginFlow", targets: ["LoginFlow"]),
    .library(name: "LoginRuntime", targets: ["LoginRuntime"]),
    .library(name: "LoginRendering", targets: ["LoginRendering"]),
    .library(name: "LoginHTTP", targets: ["LoginHTTP"]),
    .library(name: "LoginReplay", targets: ["LoginReplay"]),
    .library(name: "LoginExplorer", targets: ["LoginExplorer"]),
    .executable(name: "login-replay", targets: ["login-replay"]),
    .executable(name: "login-explore", targets: ["login-explore"]),
    .executable(name: "login-bench", targets: ["login-bench"]),
    .executable(name: "startup-baseline", targets: ["startup-baseline"]),
    .library(name: "LoginTerminal", targets: ["LoginTerminal"]),
    .executable(name: "login-tui", targets: ["login-tui"]),
    .library(name: "LoginTesting", targets: ["LoginTesting"]),
  ],
  targets: [
    // The pure core: state, actions, effects and `reduce`. Standard library only.
    .target(name: "LoginFlow"),
    // The store actor, the auth service protocol, clocks and the `@Observable` view model.
    .target(name: "LoginRuntime", dependencies: ["LoginFlow"]),
    // Draws a state as a fixed-width text screen, and encodes it as JSON.
    .target(name: "LoginRendering", dependencies: ["LoginFlow"]),
    // The HTTP auth service; the only module that imports FoundationNetworking.
    .target(name: "LoginHTTP", dependencies: ["LoginFlow", "LoginRuntime"]),
    // The command line of every executable: options, values, help, usage errors, exit codes
    // and the one writer of the standard streams. `--auth`'s URL check is LoginHTTP's.
    .target(name: "LoginCommandLine", dependencies: ["LoginFlow", "LoginRuntime", "LoginHTTP"]),
    // The scripted server, the session store that outlives a store, and the virtual-clock
    // wiring: the simulated system `login-replay` and `login-explore` both run.
    .target(name: "LoginSimulation", dependencies: ["LoginFlow", "LoginRuntime"]),
    // Session files: parser, runner and output formats behind `login-replay`.
    .target(
      name: "LoginReplay",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginHTTP", "LoginCommandLine",
        "LoginSimulation",
      ]
    ),
    // Breadth-first exploration of the running system, with counterexamples as sessions.
    .target(
      name: "LoginExplorer",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginReplay", "LoginCommandLine",
        "LoginSimulation",
      ]
    ),
    // The interactive terminal front end behind `login-tui`: keys, focus, frames, termios.
    .target(
      name: "LoginTerminal",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginHTTP", "LoginCommandLine",
      ]
    ),
    .executableTarget(name: "login-replay", dependencies: ["LoginReplay", "LoginCommandLine"]),
    .executableTarget(name: "login-tui", dependencies: ["LoginTerminal", "LoginCommandLine"]),
    .executableTarget(name: "login-explore", dependencies: ["LoginExplorer", "LoginCommandLine"]),
    .executableTarget(
      name: "login-bench",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginReplay", "LoginCommandLine",
      ]
    ),
    // The start-up baseline of login-bench: the least a program that loads Foundation and
    // FoundationNetworking does (it prints hello). No dependency; never linked by a library.
    .executableTarget(name: "startup-baseline"),
    // The test kit apps use too: the strict store tester, the controllable service, the
    // held value a test double parks on. Imports Testing; never linked by an executable.
    .target(name: "LoginTesting", dependencies: ["LoginFlow", "LoginRuntime"]),
    // Helpers shared by this package's own test targets (golden snapshots, a test server).
    .target(
      name: "LoginTestSupport",
      dependencies: ["LoginFlow", "LoginRuntime"],
      path: "Tests/Support",
      exclude: ["ExampleChild/ConsentTable.md"]
    ),
    .testTarget(name: "LoginFlowTests", dependencies: ["LoginFlow", "LoginTestSupport"]),
    .testTarget(
      name: "LoginCommandLineTests",
      dependencies: ["LoginFlow", "LoginRuntime", "LoginCommandLine", "LoginTestSupport"]
    ),
    .testTarget(
      name: "LoginRuntimeTests",
      dependencies: ["LoginFlow", "LoginRuntime", "LoginTesting", "LoginTestSupport"]
    ),
    .testTarget(
      name: "LoginRenderingTests",
      dependencies: ["LoginFlow", "LoginRendering", "LoginTesting", "LoginTestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "LoginHTTPTests",
      dependencies: ["LoginFlow", "LoginRuntime", "LoginHTTP", "LoginTesting", "LoginTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "LoginExplorerTests",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginReplay", "LoginExplorer", "LoginCommandLine",
        "LoginSimulation", "LoginTestSupport",
      ]
    ),
    .testTarget(
      name: "LoginTerminalTests",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginCommandLine", "LoginTerminal",
        "LoginTestSupport",
      ]
    ),
    // An app's view: code that uses only the public API of the products an app depends on
    // (no `@testable`, no `package` declarations, no LoginTestSupport), and the examples the
    // README and Docs/Embedding.md show, which a test keeps equal to the code here.
    .testTarget(
      name: "AppExampleTests",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginTesting", "LoginHTTP", "LoginRendering",
      ]
    ),
    // The bench's own definitions: Docs/Performance.md's budget table is login-bench's.
    .testTarget(name: "LoginBenchTests", dependencies: ["login-bench"]),
    .testTarget(
      name: "LoginReplayTests",
      dependencies: [
        "LoginFlow", "LoginRuntime", "LoginRendering", "LoginReplay", "LoginCommandLine",
        "LoginSimulation",
        "LoginTestSupport",
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
