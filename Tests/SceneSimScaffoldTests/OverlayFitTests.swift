import ByteText
@testable import SceneSimScaffold
import Testing

/// What check-model checks of an overlay (behaviour-from-source §4.2), without the command:
/// anchors against the source, effects against what the generated module calls, and the
/// generated module's effect names as the runtime splits them.
@Suite("An overlay still fits the generated module")
struct OverlayFitTests {
    static let sources = [
        Scaffolder.Source(
            path: "App/ReadQueue.swift",
            text: """
                import Observation

                @Observable
                final class ReadQueue {
                    static let shared = ReadQueue()
                    var pending: [Int] = []
                }

                extension ReadQueue {
                    var isEmpty: Bool { pending.isEmpty }
                }
                """),
        Scaffolder.Source(
            path: "App/Settings.swift",
            text: """
                enum Keys {
                    static let autosave = Key<Bool>("autosaveOnBackground", default: true)
                }
                """),
    ]

    @Test(
        "A file:line anchor holds at a line declaring the name (or spelling a key), moves within its file, and breaks when nothing names it; a Type.property anchor holds for a member of the type or an extension of it"
    )
    func anchors() throws {
        let check = FactAnchorCheck(sources: Self.sources)
        func anchor(_ text: String) throws -> FactAnchor { try #require(FactAnchor(text)) }

        #expect(check.check(try anchor("App/ReadQueue.swift:6"), of: "ReadQueue.pending") == .holds)
        #expect(check.check(try anchor("App/ReadQueue.swift:4"), of: "ReadQueue.pending") == .moved(line: 6))
        #expect(check.check(try anchor("App/Settings.swift:2"), of: "autosaveOnBackground") == .holds)
        #expect(check.check(try anchor("App/Settings.swift:1"), of: "autosaveOnBackground") == .moved(line: 2))
        #expect(check.check(try anchor("App/Settings.swift:2"), of: "autosave") == .holds)
        #expect(check.check(try anchor("App/ReadQueue.swift:6"), of: "Other.pending") == .broken(reason: "App/ReadQueue.swift declares no Other.pending"))
        #expect(check.check(try anchor("App/Settings.swift:2"), of: "theme") == .broken(reason: "App/Settings.swift declares no theme and never spells \"theme\""))
        #expect(check.check(try anchor("App/Gone.swift:2"), of: "theme") == .broken(reason: "no Swift file App/Gone.swift in the sources"))
        #expect(check.check(try anchor("ReadQueue.pending"), of: "ReadQueue.pending") == .holds)
        #expect(check.check(try anchor("ReadQueue.isEmpty"), of: "ReadQueue.isEmpty") == .holds)
        #expect(check.check(try anchor("ReadQueue.sent"), of: "ReadQueue.sent") == .broken(reason: "ReadQueue declares no sent"))
        #expect(check.check(try anchor("Queue.pending"), of: "Queue.pending") == .broken(reason: "no type Queue in the sources"))
        // Neither form: not an anchor.
        #expect(FactAnchor("somewhere") == nil)
        #expect(FactAnchor("App/ReadQueue.swift:0") == nil)
        #expect(FactAnchor("App/ReadQueue.swift") == nil)
        #expect(FactAnchor("Read Queue.pending") == nil)
    }

    @Test(
        "The effects a generated module calls are found with their locations split off at the last @ whose tail reads file:digits; an overlay effect it does not call fails with did-you-mean"
    )
    func effects() {
        let module = """
            w:effect("ApiClient.flush@ContentView.swift:105", ids) -- ContentView.swift:105
            app:effect( "Mail.send@me@Mail.swift:3")
            app:effect("Odd.name@home")
            app:effect("Quote.\\"x\\"")
            local ok = pcall(w.effect, w, "Store.save@Store.swift:9")
            """
        #expect(EffectName.called(in: module) == ["ApiClient.flush", "Mail.send@me", "Odd.name@home", "Quote.\"x\"", "Store.save"])
        #expect(EffectName.split("A.b@F.swift:12") == ("A.b", "F.swift:12"))
        #expect(EffectName.split("A.b@F.swift:") == ("A.b@F.swift:", nil))

        var shape = ModelShape(name: "App", platform: "ipados")
        shape.scenes = [ModelShape.Scene(id: "main", kind: "window_group")]
        var overlay = OverlayFacts()
        overlay.effects = ["ApiClient.flsh", "ApiClient.flush"]
        overlay.patchedScenes = ["mian"]
        let report = shape.fit(
            overlay, calledEffects: ["ApiClient.flush"], anchors: FactAnchorCheck(sources: []),
            overlayText: "x\n  effects = { [\"ApiClient.flsh\"] = f },\n  scenes = { mian = {} }\n", file: "o.lua", fallback: 1)
        #expect(
            report.differences.map(\.text) == [
                "o.lua:2: effects[\"ApiClient.flsh\"]: the generated module calls no effect of that name; did you mean \"ApiClient.flush\"?",
                "o.lua:3: the overlay patches scene \"mian\", which the source no longer has (did you mean \"main\"?)",
            ])
    }
}
