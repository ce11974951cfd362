// swift-tools-version: 6.0

// An app's package, built against LoginFlow's products only: the compiler, not a scan, keeps
// it to the public API. CI builds it and runs its tests (`swift test --package-path
// Docs/Examples/App`).

import PackageDescription

// docs: tutorial-package
let package = Package(
  name: "SignIn",
  dependencies: [.package(name: "LoginFlow", path: "../../..")],
  targets: [
    .target(
      name: "SignIn",
      dependencies: [.product(name: "LoginRuntime", package: "LoginFlow")]),
    .testTarget(
      name: "SignInTests",
      dependencies: [
        "SignIn",
        .product(name: "LoginRuntime", package: "LoginFlow"),
        .product(name: "LoginTesting", package: "LoginFlow"),
      ]),
  ]
)
// docs: end
