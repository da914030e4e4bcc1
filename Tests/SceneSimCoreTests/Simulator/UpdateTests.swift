import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
@testable import SceneSimCore

/// Semantics 5.6 (platform-v5 §2.7): app updates between launches.
@Suite("App updates between launches")
struct UpdateTests {
    /// A model whose `onRestoreValue` notes each call in `asked`, drops "path" values that are
    /// not "v2:" ones and renames the "tab" value "books" to "shelf".
    static func model(_ asked: Box<[String]>) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.onRestoreValue = { sim, id, key, value, from in
            asked.value.append("\(sim.label(of: id)) \(key) \(value.literal) from \(from)")
            if key == "path", case .string(let text) = value, !text.hasPrefix("v2:") { return nil }
            if key == "tab", value == .string("books") { return .string("shelf") }
            return value
        }
        return model
    }

    @Test("5.6 the first launch after an update hands each restored value to onRestoreValue, in key order: kept, replaced or dropped (traced)")
    func restoreAfterUpdate() throws {
        let asked = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(asked))
        try device.launch()
        #expect(device.simulator.appVersion == "1.0")
        try device.setStorage("main#1", "tab", .string("books"))
        try device.setStorage("main#1", "path", .string("12/40"))
        try device.setStorage("main#1", "query", .string("dune"))
        try device.background()
        try device.terminate(.system)
        try device.launch()
        #expect(asked.value.isEmpty, "the same version: nothing to decode")
        try device.background()
        try device.terminate(.system)
        _ = device.takeTrace()
        try device.update(toVersion: "2.0")
        #expect(device.simulator.appVersion == "2.0")
        try device.launch()
        #expect(asked.value == ["main#1 path \"12/40\" from 1.0", "main#1 query \"dune\" from 1.0", "main#1 tab \"books\" from 1.0"])
        let w = try device.window("main#1")
        #expect(try device.simulator.liveStorage(w) == ["query": .string("dune"), "tab": .string("shelf")])
        #expect(try device.simulator.savedStorage(w)["path"] == .string("12/40"), "written at the next save point")
        let trace = device.takeTrace()
        #expect(trace.prefix(2) == ["[   0.000] app         updated: version 1.0 -> 2.0", "[   0.000] app         launch #3 on iphone: restoring main#1"])
        #expect(trace.contains("[   0.000] main#1      storage dropped after update: \"path\", saved by version 1.0"))

        // 2.0 saves its own: the next relaunch of 2.0 asks nothing.
        asked.value = []
        try device.background()
        try device.terminate(.system)
        try device.launch()
        #expect(asked.value.isEmpty)
        #expect(try device.simulator.liveStorage(w) == ["query": .string("dune"), "tab": .string("shelf")])
    }

    @Test("5.6 an update needs an app that is not running, a version, and another version than the installed one")
    func misuse() throws {
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(Box([])))
        try device.launch()
        do {
            try device.simulator.update(toVersion: "2.0")
            Issue.record("a running app was updated")
        } catch {
            #expect(
                error.swiftMessage
                    == "update(toVersion:): the app is running (launch #1); the system installs an update only while the app is not running: terminate it first with terminate(.system | .user | .crash)"
            )
        }
        try device.terminate(.crash)
        #expect(!device.simulator.accepts(.update(version: "")))
        #expect(!device.simulator.accepts(.update(version: "1.0")))
        #expect(device.simulator.accepts(.update(version: "2.0")))
    }
}
