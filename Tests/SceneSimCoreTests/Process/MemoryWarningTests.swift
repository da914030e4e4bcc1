import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
@testable import SceneSimCore

/// Semantics 11.10 (platform-v5 §2.5): memory warnings.
@Suite("Memory warnings")
struct MemoryWarningTests {
    /// A model whose code, and each window's, notes what it heard in `heard`.
    static func model(_ heard: Box<[String]>) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.onMemoryWarning = { sim in
            heard.value.append("app, \(sim.windows.count) windows")
            try sim.setAppMemory(key: "cache", value: nil)
        }
        model.setCode(
            AppModel.SceneCalls(
                AppModel.SceneCode(onMemoryWarning: { sim, id in heard.value.append(sim.label(of: id)) }), scene: "main"),
            ofScene: "main")
        return model
    }

    @Test("11.8 the model's handler runs first, then each connected window's, front to back; the trace line comes first")
    func order() throws {
        let heard = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.ipados), model: try Self.model(heard))
        try device.launch()
        _ = try device.openWindow("main")
        _ = try device.openWindow("main")
        try device.focus("main#2")
        try device.perform("cache") { try $0.setAppMemory(key: "cache", value: .int(3)) }
        _ = device.takeTrace()
        try device.sendMemoryWarning()
        #expect(heard.value == ["app, 3 windows", "main#2", "main#3", "main#1"])
        #expect(try device.simulator.appMemory()["cache"] == nil)
        device.expectTrace(
            """
            [   0.000] app         memory warning (didReceiveMemoryWarning)
            """)
    }

    @Test("11.8 a suspended app is not sent one (traced); an app not running and a Mac app are errors")
    func notDelivered() throws {
        let heard = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(heard))
        try device.launch()
        try device.background()
        try device.advance(10)
        _ = device.takeTrace()
        try device.sendMemoryWarning()
        #expect(heard.value.isEmpty, "a suspended app runs no code")
        #expect(device.simulator.isSuspended, "and is not woken")
        device.expectTrace(
            """
            [  10.000] app         memory warning not delivered: the app is suspended and runs no code
            """)
        try device.terminate(.system)
        #expect(throws: SimError.self) { try device.simulator.sendMemoryWarning() }
        #expect(!device.simulator.accepts(.memoryWarning))

        let mac = try SceneSimTestStore.nonExhaustive(.testing(.macos), model: try Self.model(heard))
        try mac.launch()
        do {
            try mac.simulator.sendMemoryWarning()
            Issue.record("a Mac app was sent a memory warning")
        } catch {
            #expect(
                error.swiftMessage
                    == "sendMemoryWarning(): macos sends apps no memory warning (didReceiveMemoryWarning is UIKit's: iphone, ipados and visionos); a Mac app under memory pressure is paged out, not told"
            )
        }
    }
}
