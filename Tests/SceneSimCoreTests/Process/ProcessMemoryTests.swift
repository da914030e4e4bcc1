import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Semantics 11.1: what lives only in memory dies with its holder, and the trace says so.
@Suite("Process memory: app.memory and w.memory")
struct ProcessMemoryTests {
    static let scenes: [SceneDeclaration] = [.group("main"), .group("doc", value: .string)]

    @Test("11.1 w.memory survives background and suspension; the system reclaiming the scene loses it, traced with its keys sorted")
    func windowMemoryLostAtDisconnect() throws {
        let device = try SceneSimTestStore.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", value: .string("a")))
        let id = try device.window(doc)
        try device.perform("write") { sim in
            try sim.setWindowMemory(id, key: "scroll", value: .int(310))
            try sim.setWindowMemory(id, key: "draft", value: .string("x"))
        }
        try device.background()
        try device.advance(30)
        #expect(device.simulator.isSuspended)
        #expect(try device.simulator.windowMemory(id)["scroll"] == .int(310), "suspension keeps memory")
        _ = device.takeTrace()
        try device.disconnect(doc)
        device.expectTrace(
            """
            [  30.500] doc#1       disconnected (session kept)
            [  30.500] doc#1       memory lost (disconnected): draft, scroll
            """)
        #expect(throws: SimError.self) { try device.simulator.windowMemory(id) }
        do {
            _ = try device.simulator.windowMemory(id)
        } catch {
            #expect(error.message.contains("doc#1 is disconnected: its views and their @State are gone"))
        }
        try device.focus(doc)
        #expect(try device.simulator.windowMemory(id).isEmpty, "a reconnected scene starts with empty memory")
    }

    // Issue 44, item 6: writes were never traced, so a golden could pin memory's loss but not
    // how it changed.
    @Test("11.1 with tracesMemoryWrites each write to app.memory and w.memory is a line, its value a Lua literal and its key escaped; off by default")
    func memoryWritesTraced() throws {
        let device = try SceneSimTestStore.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", value: .string("a")))
        let id = try device.window(doc)
        _ = device.takeTrace()
        try device.perform("untraced") { sim in try sim.setAppMemory(key: "tab", value: .string("home")) }
        device.expectTrace("")
        device.simulator.tracesMemoryWrites = true
        try device.perform("write") { sim in
            try sim.setAppMemory(key: "tab", value: .string("inbox"))
            try sim.setWindowMemory(id, key: "draft", value: .string("two\nlines"))
            try sim.setWindowMemory(id, key: "font size", value: .double(17))
            try sim.setWindowMemory(id, key: "draft", value: nil)
        }
        device.expectTrace(
            """
            [   0.500] app         memory.tab = \"inbox\"
            [   0.500] doc#1       memory.draft = \"two\\nlines\"
            [   0.500] doc#1       memory[\"font size\"] = 17.0
            [   0.500] doc#1       memory.draft = nil
            """)
    }

    // Issue 44, item 6: a Set<Int> queue had to be encoded as "1,2,3".
    @Test(
        "11.1 memory holds tables of storable values, charged to the memory budget and shown in key order; storage and defaults refuse them, and so does memory a table keyed by a table or holding NaN"
    )
    func memoryHoldsTables() throws {
        let device = try SceneSimTestStore.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", value: .string("a")))
        let id = try device.window(doc)
        let queue = SceneValue.table([.int(42): .bool(true), .int(7): .bool(true), .string("next"): .table([.int(1): .string("x")])])
        device.simulator.tracesMemoryWrites = true
        _ = device.takeTrace()
        try device.perform("write") { sim in
            try sim.setAppMemory(key: "queue", value: queue)
            try sim.setWindowMemory(id, key: "ids", value: .table([.int(2): .int(20), .int(1): .int(10)]))
        }
        device.expectTrace(
            """
            [   0.500] app         memory.queue = {[7] = true, [42] = true, next = {\"x\"}}
            [   0.500] doc#1       memory.ids = {10, 20}
            """)
        #expect(try device.simulator.appMemory()["queue"] == queue)
        #expect(try device.simulator.appMemory().literal == "{queue = {[7] = true, [42] = true, next = {\"x\"}}}")
        #expect(throws: SimError.self) { try device.simulator.setStorage(id, key: "ids", value: .table([:])) }
        #expect(throws: SimError.self) { try device.simulator.setDefault("ids", .table([:])) }
        #expect(throws: SimError.self) { try device.simulator.setAppMemory(key: "bad", value: .table([.table([:]): .int(1)])) }
        #expect(throws: SimError.self) { try device.simulator.setAppMemory(key: "bad", value: .table([.int(1): .double(.nan)])) }
        #expect(try device.simulator.appMemory()["bad"] == nil)
        // Charged with its entries: a table of a million strings is over a small budget.
        device.simulator.memoryBudget = 1 << 20
        let big = SceneValue.table(
            Dictionary(uniqueKeysWithValues: (1...20_000).map { (SceneValue.int(Int64($0)), SceneValue.string("0123456789abcdef0123456789abcdef0123456789abcdef")) }))
        #expect(throws: SimError.self) { try device.simulator.setAppMemory(key: "big", value: big) }
    }

    @Test("11.1 every kind of termination empties app.memory and each window's memory; a restored window has its storage and no memory")
    func everyTerminationLosesMemory() throws {
        for how in Termination.requestable {
            // Force Quit exists only on the Mac (semantics 13.4), which keeps restoration.
            let device =
                try how == .force
                ? SceneSimTestStore.ready(.testing(.macos, scenes: Self.scenes))
                : SceneSimTestStore.ready(.testing(scenes: Self.scenes) { $0.policy.forceQuit = .keep })
            let main = try device.window("main#1")
            try device.perform("write") { sim in
                try sim.setAppMemory(key: "tab", value: .string("home"))
                try sim.setWindowMemory(main, key: "draft", value: .string("half"))
                try sim.setStorage(main, key: "reply_to", value: .int(42))
            }
            try device.background()
            _ = device.takeTrace()
            try device.terminate(how)
            let trace = device.takeTrace()
            #expect(trace.contains("[   0.500] main#1      memory lost (terminated): draft"), "\(how): \(trace)")
            #expect(trace.contains("[   0.500] app         memory lost (terminated): tab"), "\(how): \(trace)")
            try device.launch()
            #expect(try device.simulator.appMemory().isEmpty)
            #expect(try device.simulator.windowMemory(main).isEmpty, "\(how)")
            #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("reply_to")) == .int(42), "\(how): storage was saved on background")
        }
    }

    @Test("11.1 closing a window loses its memory with its session; an empty store loses nothing worth a line")
    func closeLosesMemory() throws {
        let device = try SceneSimTestStore.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", value: .string("a")))
        _ = try device.openWindow("doc", value: .string("b"))
        try device.perform("write") { sim in try sim.setWindowMemory(try device.window(doc), key: "undo", value: .int(3)) }
        _ = device.takeTrace()
        try device.close(doc)
        try device.close("doc#2")
        let trace = device.takeTrace()
        #expect(trace.contains("[   0.500] doc#1       memory lost (closed): undo"))
        #expect(!trace.contains { $0.contains("doc#2       memory lost") }, "doc#2 held nothing")
    }

    @Test("11.1 memory needs a running app; a value it cannot hold is refused and changes nothing")
    func misuse() throws {
        let device = try SceneSimTestStore.ready()
        #expect(throws: SimError.self) { try device.simulator.setAppMemory(key: "n", value: .double(.nan)) }
        #expect(try device.simulator.appMemory().isEmpty)
        try device.terminate(.crash)
        do {
            try device.simulator.setAppMemory(key: "tab", value: .int(1))
            Issue.record("writing app.memory of a terminated app succeeded")
        } catch {
            #expect(error.message.contains("needs a running app"))
        }
    }
}
