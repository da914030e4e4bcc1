import Foundation
import Testing

/// The README's Swift example, also in the DocC article, is a real test: what a reader copies
/// compiles and passes.
@Suite("The README's Swift example is the tested one")
struct ReadmeSwiftExampleTests {
    @Test("README.md shows ReadmeExampleTests.swift's example verbatim, in a swift code block")
    func readmeShowsTheTestedExample() throws {
        let test = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// README example begins\n"))
        let end = try #require(test.range(of: "// README example ends"))
        let example = String(test[begin.upperBound..<end.lowerBound])
        #expect(example.contains("SceneSimTestStore"), "the markers lost the example")
        let shown = readme.contains("```swift\n" + example + "```\n")
        #expect(shown, "README.md's Swift example differs from the tested one; copy it from ReadmeExampleTests.swift")
    }

    @Test("the DocC article \"Test your app's lifecycle in Swift\" shows the same example verbatim")
    func articleShowsTheTestedExample() throws {
        let test = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SceneSimCore/SceneSimCore.docc/TestYourAppsLifecycle.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// README example begins\n"))
        let end = try #require(test.range(of: "// README example ends"))
        let example = String(test[begin.upperBound..<end.lowerBound])
        let shown = article.contains("```swift\n" + example + "```\n")
        #expect(shown, "TestYourAppsLifecycle.md's example differs from the tested one; copy it from ReadmeExampleTests.swift")
    }
}
