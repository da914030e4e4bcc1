// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Accounts",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/<owner>/scenesim", .upToNextMinor(from: "0.1.0"))
    ],
    targets: [
        .target(name: "Accounts", dependencies: [.product(name: "SceneSim", package: "scenesim")]),
        .testTarget(
            name: "AccountsTests",
            dependencies: ["Accounts", .product(name: "SceneSimTesting", package: "scenesim")]
        ),
    ]
)
