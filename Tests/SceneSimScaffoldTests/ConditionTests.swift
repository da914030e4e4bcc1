@testable import SceneSimScaffold
import Testing

@Suite("#if conditions on a platform")
struct ConditionTests {
    @Test(
        "os() names its platform; canImport(UIKit) is every platform but the Mac, canImport(AppKit) the Mac; targetEnvironment(macCatalyst) is false; other flags count as compiled; !, && and || as in Swift"
    )
    func conditions() {
        #expect(evaluateCondition("os(macOS)", platform: "macos"))
        #expect(!evaluateCondition("os(macOS)", platform: "ipados"))
        #expect(evaluateCondition("os(iOS)", platform: "iphone"))
        #expect(evaluateCondition("!os(macOS)", platform: "ipados"))
        #expect(evaluateCondition("os(iOS) || os(visionOS)", platform: "visionos"))
        #expect(!evaluateCondition("os(iOS) && !DEBUG", platform: "macos"))
        #expect(evaluateCondition("DEBUG && (os(macOS) || os(iOS))", platform: "macos"))
        // Before, canImport(UIKit) counted as compiled on the Mac, and a Catalyst-only scene on every platform.
        #expect(!evaluateCondition("canImport(UIKit)", platform: "macos"))
        #expect(evaluateCondition("canImport(UIKit)", platform: "visionos"))
        #expect(evaluateCondition("canImport(AppKit)", platform: "macos"))
        #expect(!evaluateCondition("canImport(AppKit)", platform: "ipados"))
        #expect(!evaluateCondition("targetEnvironment(macCatalyst)", platform: "iphone"))
        #expect(evaluateCondition("targetEnvironment(simulator)", platform: "iphone"))
        #expect(evaluateCondition("canImport(SwiftData)", platform: "macos"))
    }
}
