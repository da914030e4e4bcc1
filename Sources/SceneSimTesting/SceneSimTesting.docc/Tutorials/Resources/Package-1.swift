// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Accounts",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "Accounts")
    ]
)
