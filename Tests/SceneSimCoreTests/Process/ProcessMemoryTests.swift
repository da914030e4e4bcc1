import SceneSimTestSupport
import Testing
@testable import SceneSimCore

/// Semantics 11.1: what lives only in memory dies with its holder, and the trace says so.
@Suite("Process memory: app.memory and w.memory")
struct ProcessMemoryTests {
    static let scenes: [SceneDeclaration] = [.group("main"), .group("doc", value: .string)]

    @Test("11.1 w.memory survives background and suspension; the system reclaiming the scene loses it, traced with its keys sorted")
    func windowMemoryLostAtDisconnect() throws {
        let device = try TestDevice.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", .string("a")).window)
        let id = try device.window(doc)
        try device.perform("write") { sim in
            try sim.setWindowMemory(id, key: "scroll", value: .int(310))
            try sim.setWindowMemory(id, key: "draft", value: .string("x"))
        }
        try device.background()
        try device.advance(30)
        #expect(device.sim.isSuspended)
        #expect(try device.sim.windowMemory(id)["scroll"] == .int(310), "suspension keeps memory")
        _ = device.takeTrace()
        try device.disconnect(doc)
        device.expectTrace([
            "[  30.500] doc#1       disconnected (session kept)",
            "[  30.500] doc#1       memory lost (disconnected): draft, scroll",
        ])
        #expect(throws: SimError.self) { try device.sim.windowMemory(id) }
        do {
            _ = try device.sim.windowMemory(id)
        } catch {
            #expect(error.message.contains("doc#1 is disconnected: its views and their @State are gone"))
        }
        try device.focus(doc)
        #expect(try device.sim.windowMemory(id).isEmpty, "a reconnected scene starts with empty memory")
    }

    // Issue 44, item 6: writes were never traced, so a golden could pin memory's loss but not
    // how it changed.
    @Test("11.1 with tracesMemoryWrites each write to app.memory and w.memory is a line, its value a Lua literal and its key escaped; off by default")
    func memoryWritesTraced() throws {
        let device = try TestDevice.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", .string("a")).window)
        let id = try device.window(doc)
        _ = device.takeTrace()
        try device.perform("untraced") { sim in try sim.setAppMemory(key: "tab", value: .string("home")) }
        device.expectTrace([])
        device.sim.tracesMemoryWrites = true
        try device.perform("write") { sim in
            try sim.setAppMemory(key: "tab", value: .string("inbox"))
            try sim.setWindowMemory(id, key: "draft", value: .string("two\nlines"))
            try sim.setWindowMemory(id, key: "font size", value: .double(17))
            try sim.setWindowMemory(id, key: "draft", value: nil)
        }
        device.expectTrace([
            "[   0.500] app         memory.tab = \"inbox\"",
            "[   0.500] doc#1       memory.draft = \"two\\nlines\"",
            "[   0.500] doc#1       memory[\"font size\"] = 17.0",
            "[   0.500] doc#1       memory.draft = nil",
        ])
    }

    @Test("11.1 every kind of termination empties app.memory and each window's memory; a restored window has its storage and no memory")
    func everyTerminationLosesMemory() throws {
        for how in Termination.requestable {
            // Force Quit exists only on the Mac (semantics 13.4), which keeps restoration.
            let device = try how == .force
                ? TestDevice.ready(.testing(.macos, scenes: Self.scenes))
                : TestDevice.ready(.testing(scenes: Self.scenes) { $0.policy.forceQuit = .keep })
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
            #expect(try device.sim.appMemory().isEmpty)
            #expect(try device.sim.windowMemory(main).isEmpty, "\(how)")
            #expect(try device.storage("main#1", "reply_to") == .int(42), "\(how): storage was saved on background")
        }
    }

    @Test("11.1 closing a window loses its memory with its session; an empty store loses nothing worth a line")
    func closeLosesMemory() throws {
        let device = try TestDevice.ready(.testing(scenes: Self.scenes))
        let doc = try #require(try device.openWindow("doc", .string("a")).window)
        _ = try device.openWindow("doc", .string("b"))
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
        let device = try TestDevice.ready()
        #expect(throws: SimError.self) { try device.sim.setAppMemory(key: "n", value: .double(.nan)) }
        #expect(try device.sim.appMemory().isEmpty)
        try device.terminate(.crash)
        do {
            try device.sim.setAppMemory(key: "tab", value: .int(1))
            Issue.record("writing app.memory of a terminated app succeeded")
        } catch {
            #expect(error.message.contains("needs a running app"))
        }
    }
}
