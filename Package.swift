// swift-tools-version: 6.1
// scenesim: a headless, deterministic simulator of the SwiftUI multi-window app lifecycle,
// scripted in embedded Lua 5.4.
//
// Targets are layered by dependency (the README's Layout table says what each holds):
//   ByteText (Lua strings as bytes, their one escaper and edit distance) under everything;
//   CLua / CLuaShim (C) → LuaKit (knows no scenes), with SceneSimCore (pure Swift; the built-in model,
//   SceneSimBuiltin, over its public API) beside it →
//   SceneSimScripting (bindings) → SceneSimExplore (sim.gen and sim.explore, their engine in
//   Lua, explore's runs, shrinking, found scenarios and session) → SceneSimREPL →
//   SceneSimCommands → scenesim; SceneSimTimeline and SceneSimCoverage (pure, over SceneSimCore) draw and count runs
//   for the commands; GoldenRunner depends on ByteText only and is wired to scenarios in
//   SceneSimCommands.
import PackageDescription

// This file is evaluated on the machine that builds, so `os` here is the host's.
#if os(macOS)
let luaPkgConfig = "lua"
let editLinePkgConfig: String? = nil
#else
let luaPkgConfig = "lua5.4"
let editLinePkgConfig: String? = "libedit"
#endif

let package = Package(
    name: "scenesim",
    // Synchronization's Mutex and Atomic (the commands' shared state) need macOS 15; Linux has no
    // minimum.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scenesim", targets: ["scenesim"]),
        // The simulator for Swift users (its API: Tests/SceneSimCommandsTests/Package/SceneSim.api).
        .library(name: "SceneSim", targets: ["SceneSim"]),
        // Swift Testing helpers over it: SceneSimTestStore.
        .library(name: "SceneSimTesting", targets: ["SceneSimTesting"]),
        // scenesim's command line for a package's own executable, its Swift models registered.
        .library(name: "SceneSimCLI", targets: ["SceneSimCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Its IssueReportingTestSupport lets CustomDump's expectNoDifference fail a Swift Testing
        // test on Linux; without it a difference is silently ignored.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // `swift package generate-documentation --target SceneSimCore`: the SceneSim library's
        // DocC. A plugin, so it builds only when invoked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // SwiftParser for `scenesim scaffold` and `check-model` (SceneSimScaffold): the app's Swift
        // source read as syntax, no compiler. 602 builds with Swift 6.1 and later.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // MARK: C layer
        // Found with pkg-config, whose flags name the library to link (so the module map names
        // none): Debian's liblua5.4-dev installs lua5.4.pc, Homebrew's lua formula lua.pc.
        .systemLibrary(
            name: "CLua",
            pkgConfig: luaPkgConfig,
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // vendor/ holds the C copied from Lua 5.4.4; its files include the shim's private
        // internal.h from the target's root.
        .target(name: "CLuaShim", dependencies: ["CLua"], cSettings: [.headerSearchPath(".")]),
        // macOS has libedit (histedit.h, libedit.tbd) in its SDK, without a .pc file; Homebrew's
        // libedit is keg-only, so pkg-config would not find it either: the SDK's is used.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: editLinePkgConfig,
            providers: [.apt(["libedit-dev"])]
        ),

        // MARK: Swift layers
        .target(name: "ByteText"),
        .target(name: "LuaKit", dependencies: ["CLua", "CLuaShim", "ByteText"]),
        // Double.rounded() calls libm's round, which nothing else links into a program that uses
        // only the core (the bench).
        .target(name: "SceneSimCore", dependencies: ["ByteText"], linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // The built-in model (the seed's AppStateController), a model like any other, built on
        // SceneSimCore's public API alone.
        .target(name: "SceneSimBuiltin", dependencies: ["ByteText", "SceneSimCore"]),
        // `import SceneSim`: the public API of SceneSimCore, SceneSimBuiltin and ByteText, under one name.
        .target(name: "SceneSim", dependencies: ["ByteText", "SceneSimCore", "SceneSimBuiltin"]),
        .target(
            name: "SceneSimTesting",
            dependencies: [
                "SceneSim",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .target(
            name: "SceneSimTestSupport",
            dependencies: [
                "ByteText", "SceneSimCore", "SceneSimBuiltin",
                // Linked into every test target that uses this one, so CustomDump's
                // expectNoDifference fails a Swift Testing test on Linux.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .target(name: "SceneSimScripting", dependencies: ["ByteText", "LuaKit", "SceneSimCore", "SceneSimBuiltin"]),
        // `sim.gen`, `sim.explore` and `scenesim explore` above the binding: the engine (a host
        // installs it through ScenarioOptions.installers; its Lua files, Engine/, are embedded in
        // the code: no resource bundle, no Foundation), the runs (a host each, restored between
        // runs), the shrinker, the scenarios it writes and the session that prints what it found.
        .target(
            name: "SceneSimExplore", dependencies: ["ByteText", "GoldenRunner", "LuaKit", "SceneSimCore", "SceneSimBuiltin", "SceneSimScripting"],
            resources: [.embedInCode("Engine/engine.lua"), .embedInCode("Engine/install.lua")]
        ),
        // What the Scripting and Explore test targets share for running scripts (a test target
        // cannot import another's).
        .target(name: "SceneSimScriptTestSupport", dependencies: ["SceneSimScripting", "SceneSimExplore"]),
        // Pictures of a run and coverage of a suite: pure functions of the events that ran.
        .target(name: "SceneSimTimeline", dependencies: ["ByteText", "SceneSimCore"]),
        .target(name: "SceneSimCoverage", dependencies: ["ByteText", "SceneSimCore", "SceneSimBuiltin"]),
        .target(name: "GoldenRunner", dependencies: ["ByteText"]),
        // The facts of an app's SwiftUI source (scenes, storage, memory, handlers, reachability)
        // and the model module they give: swift-syntax, and the project's own text leaf for the
        // one JSON and Lua escaper.
        .target(
            name: "SceneSimScaffold",
            dependencies: [
                "ByteText",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // Folds `a + b * c` into a tree by Swift's precedence, for the handler translator.
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        .target(name: "SceneSimREPL", dependencies: ["SceneSimScripting", "SceneSimExplore", "SceneSimCore", "ByteText", "LuaKit", "CEditLine"]),
        .target(
            name: "SceneSimCommands",
            dependencies: [
                "ByteText", "SceneSimScripting", "SceneSimExplore", "GoldenRunner", "SceneSimREPL", "SceneSimTimeline", "SceneSimCoverage", "SceneSimCore",
                "SceneSimScaffold", "LuaKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "SceneSimCLI", dependencies: ["SceneSim", "SceneSimCommands", "SceneSimScripting", "GoldenRunner"]),
        .executableTarget(name: "scenesim", dependencies: ["SceneSimCommands"]),
        .executableTarget(name: "SceneSimBench", dependencies: ["ByteText", "SceneSimCore", "SceneSimBuiltin"]),

        // MARK: Tests (mirror Sources)
        .testTarget(
            name: "SceneSimCoreTests",
            dependencies: [
                "ByteText", "SceneSimCore", "SceneSimBuiltin", "SceneSimTesting", "SceneSimTestSupport",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        .testTarget(
            name: "SceneSimTestingTests",
            dependencies: [
                "SceneSimTesting", "SceneSim",
                // Its issue reporters capture what a store reports (known issues included).
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ]
        ),
        .testTarget(name: "ByteTextTests", dependencies: ["ByteText"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "ByteText"]),
        .testTarget(
            name: "SceneSimScriptingTests",
            dependencies: ["ByteText", "LuaKit", "SceneSimCore", "SceneSimBuiltin", "SceneSimScripting", "SceneSimExplore", "SceneSimScriptTestSupport", "SceneSimTestSupport"]
        ),
        // Explore's runs, shrinker and session, and the found scenarios of fixed seeds pinned
        // (ExploreFixtures/pinned).
        .testTarget(
            name: "SceneSimExploreTests",
            dependencies: ["ByteText", "LuaKit", "SceneSimCore", "SceneSimScripting", "SceneSimExplore", "SceneSimScriptTestSupport", "SceneSimTestSupport"]
        ),
        .testTarget(name: "GoldenRunnerTests", dependencies: ["GoldenRunner"]),
        // Its fixtures, small SwiftUI apps written for it, are in Tests/ScaffoldFixtures (read as
        // text, never compiled).
        .testTarget(name: "SceneSimScaffoldTests", dependencies: ["SceneSimScaffold", "ByteText"]),
        .testTarget(name: "SceneSimTimelineTests", dependencies: ["SceneSimTimeline", "SceneSimCore", "SceneSimBuiltin", "SceneSimTestSupport"]),
        .testTarget(name: "SceneSimCoverageTests", dependencies: ["SceneSimCoverage", "SceneSimCore", "SceneSimBuiltin", "SceneSimTestSupport", "ByteText"]),
        .testTarget(name: "SceneSimREPLTests", dependencies: ["SceneSimREPL", "SceneSimScripting", "SceneSimBuiltin", "SceneSimTestSupport", "LuaKit"]),
        .testTarget(
            name: "SceneSimCommandsTests",
            dependencies: [
                "SceneSimCommands", "SceneSimCLI", "GoldenRunner", "SceneSimScripting", "SceneSimExplore", "SceneSimTimeline", "SceneSimCore", "SceneSimBuiltin",
                "SceneSimScaffold",
            ],
            // The reviewed public API of the SceneSim library, read by PublicAPITests, and
            // SwiftUI's type names, read by SwiftUINameTests.
            exclude: ["Package/SceneSim.api", "Package/SwiftUI.names"]
        ),
    ]
)
