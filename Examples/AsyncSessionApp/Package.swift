// swift-tools-version: 6.1
// An example of testing a Swift 6 app's async lifecycle code with scenesim, on the virtual
// clock: an `@Observable @MainActor` session controller (a splash that sleeps on an injected
// `Clock`, then a session check awaiting a client, then deep links into document windows), its
// adapter to scenesim's AppModel, and exhaustive Swift Testing tests with SceneSimTestStore that
// assert each step at its virtual instant; and a second controller that reads its clocks with
// swift-dependencies' `@Dependency(\.continuousClock)`/`\.suspendingClock`, tested with both set to
// the store's clock. It uses only the SceneSim and SceneSimTesting products and swift-dependencies'
// Dependencies with its Clocks trait, so it builds without SceneSimCLI's dependencies and without
// swift-syntax (resolved, never built: no macro is used).
import PackageDescription

let package = Package(
    name: "AsyncSessionApp",
    // The app's tasks run within the simulator's events on Linux and on macOS 26.4 or later
    // (custom executors); see the README.
    platforms: [.macOS(.v15)],
    dependencies: [
        // In an app's own package: .package(url: "https://github.com/<owner>/scenesim", .upToNextMinor(from: "0.1.0")).
        .package(name: "scenesim", path: "../.."),
        // swift-dependencies for SplashController's `@Dependency(\.continuousClock)`, with only its
        // Clocks trait (no Combine schedulers, no Foundation values). It asks for swift-syntax
        // 509..<605 for its macros, scenesim for 602.x: they resolve to 602; this package uses
        // no macro, so swift-syntax is resolved but never built.
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1", traits: ["Clocks"]),
    ],
    targets: [
        // The app's controller (no scenesim in it) and its adapter to scenesim's AppModel.
        .target(
            name: "AsyncSessionApp",
            dependencies: [
                .product(name: "SceneSim", package: "scenesim"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
        .testTarget(
            name: "AsyncSessionAppTests",
            dependencies: [
                "AsyncSessionApp",
                .product(name: "SceneSimTesting", package: "scenesim"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
    ]
)
