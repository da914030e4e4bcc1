import Foundation
import Testing

/// A public library product is a promise to users; the README must at least say it exists and
/// how far to trust its API.
@Suite("Exported products are documented")
struct ProductDocumentationTests {
    @Test("every library product in Package.swift has a README section that says how stable it is")
    func libraryProductsAreDocumented() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let libraries = manifest.matches(of: /\.library\(\s*name:\s*"([^"]+)"/).map { String($0.1) }
        #expect(!libraries.isEmpty, "the manifest reader lost its way")
        for library in libraries {
            let paragraph = readme.split(separator: "\n\n").first { $0.contains("`\(library)`") }
            #expect(paragraph != nil, "README.md never names the library product `\(library)`")
            #expect(paragraph.map { $0.contains("stable") } == true, "README.md names `\(library)` but not whether its API is stable")
        }
    }
}
