import Foundation
import Testing

@Suite("What the scenesim binary links")
struct LinkageTests {
    // Full Foundation (swift-corelibs-foundation) drags in FoundationInternationalization and
    // ICU: 50 MB more binary and about 1.5 ms more on every `scenesim run` start-up. The
    // sources use FoundationEssentials only; this catches an `import Foundation`, `NSString`,
    // `Thread` or `localizedDescription` that would bring the rest back.
    // Linux only: it reads ldd, and on macOS Foundation is the system's, not a library we ship.
    @Test("scenesim links FoundationEssentials, never Foundation or ICU", .enabled(if: isLinux, "needs Linux: ldd, and a swift-corelibs Foundation to keep out"))
    func foundationEssentialsOnly() throws {
        let binary = try #require(BuiltBinary.url, "the scenesim executable is not in the build products folder")
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [binary.path]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        let libraries = output.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        // A static build (--static-swift-stdlib) links no Swift library dynamically at all.
        let foundation = libraries.filter { $0.contains("Foundation") || $0.contains("ICU") }
        #expect(foundation.allSatisfy { $0.hasPrefix("libFoundationEssentials.so") }, "\(foundation)")
    }
}

#if os(Linux)
private let isLinux = true
#else
private let isLinux = false
#endif
