// swift-tools-version: 6.1
// An example of testing a Swift app's lifecycle with scenesim: a notes app's AppStateController
// (locked by a PIN, deep links into a note window), its adapter to scenesim's AppModel, Swift
// Testing tests with SceneSimTestStore, and its own `notes-scenesim`, scenesim's command line with
// the "notes" model registered, running the Lua scenarios in scenarios/.
import PackageDescription

let package = Package(
    name: "NotesApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In an app's own package: .package(url: "https://github.com/<owner>/scenesim", .upToNextMinor(from: "0.1.0")).
        .package(name: "scenesim", path: "../.."),
    ],
    targets: [
        // The app's code and its adapter; the app itself would depend on NotesApp too.
        .target(name: "NotesApp", dependencies: [.product(name: "SceneSim", package: "scenesim")]),
        .executableTarget(
            name: "notes-scenesim",
            dependencies: ["NotesApp", .product(name: "SceneSimCLI", package: "scenesim")]
        ),
        .testTarget(
            name: "NotesAppTests",
            dependencies: ["NotesApp", .product(name: "SceneSimTesting", package: "scenesim")]
        ),
    ]
)
