#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SceneSimScaffold
import Testing

@Suite("Files read on several large-stack threads")
struct LargeStackTests {
    /// What one call of `LargeStack.map`'s body saw.
    struct Call: Equatable {
        var index: Int
        var onLargeStack: Bool
    }

    @Test("LargeStack.map gives each index's result in index order, computed once, on a thread with the large stack (so every file gets the same depth limit)")
    func mapInOrderOnLargeStacks() {
        let calls = LargeStack.run {
            LargeStack.map(500, threads: 2) { index in
                // Some work, so the second thread takes part.
                var sum = 0
                for value in 0..<(index % 7) * 1_000 { sum &+= value }
                return (Call(index: index, onLargeStack: LargeStack.isCurrent), sum)
            }
        }
        #expect(calls.map(\.0) == (0..<500).map { Call(index: $0, onLargeStack: true) })
        #expect(calls.map(\.1) == (0..<500).map { index in (0..<(index % 7) * 1_000).reduce(0, &+) })
    }

    @Test("Off a large-stack thread, LargeStack.map runs every index on the calling thread (whose smaller stack sets a smaller depth limit)")
    func mapOffLargeStack() {
        let calls = LargeStack.map(10, threads: 2) { Call(index: $0, onLargeStack: LargeStack.isCurrent) }
        #expect(calls == (0..<10).map { Call(index: $0, onLargeStack: false) })
    }

    @Test("Scaffold reads files in parallel and gives the same facts and warnings, in file order, as one file at a time")
    func parallelScaffoldIsOrdered() throws {
        var sources = [
            Scaffolder.Source(
                path: "App.swift",
                text: """
                    @main
                    struct DemoApp: App {
                        var body: some Scene { WindowGroup(id: "main") { V0() } }
                    }
                    """)
        ]
        for index in 0..<40 {
            let broken = index % 9 == 4 ? "\n    func broken( {\n" : ""
            sources.append(
                .init(
                    path: "V\(index).swift",
                    text: """
                        struct V\(index): View {
                            @SceneStorage("k\(index)") private var k = 0
                            var body: some View { V\(index + 1)() }\(broken)
                        }
                        """))
        }
        let facts = try Scaffolder().scaffold(sources, lookedIn: "test")
        #expect(facts.warnings.map { $0.prefix(while: { $0 != ":" }) } == ["V4.swift", "V13.swift", "V22.swift", "V31.swift"])
        #expect(facts.views.map(\.name) == ["DemoApp"] + (0..<40).map { "V\($0)" })
    }
}
