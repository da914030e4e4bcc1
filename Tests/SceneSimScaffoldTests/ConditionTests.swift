@testable import SceneSimScaffold
import Testing

@Suite("#if conditions on a platform")
struct ConditionTests {
    @Test("os() names its platform; other flags count as compiled; !, && and || as in Swift")
    func conditions() {
        #expect(evaluateCondition("os(macOS)", platform: "macos"))
        #expect(!evaluateCondition("os(macOS)", platform: "ipados"))
        #expect(evaluateCondition("os(iOS)", platform: "iphone"))
        #expect(evaluateCondition("!os(macOS)", platform: "ipados"))
        #expect(evaluateCondition("os(iOS) || os(visionOS)", platform: "visionos"))
        #expect(!evaluateCondition("os(iOS) && !DEBUG", platform: "macos"))
        #expect(evaluateCondition("DEBUG && (os(macOS) || os(iOS))", platform: "macos"))
        #expect(evaluateCondition("canImport(UIKit)", platform: "macos"))
    }
}
