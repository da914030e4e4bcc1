import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// app.defaults in the core: written through at each write, so every termination keeps them.
@Suite("Defaults: UserDefaults survive every termination")
struct DefaultsTests {
    /// Writes two defaults, ends the process `how`, relaunches, and returns what is stored.
    static func defaultsAfter(_ end: (SceneSimTestStore) throws -> Void) throws -> SimSceneStorage {
        let device = try SceneSimTestStore.ready()
        try device.perform("setDefault") { try $0.setDefault("theme", .string("dark")) }
        try device.perform("setDefault") { try $0.setDefault("count", .int(2)) }
        try end(device)
        #expect(device.simulator.defaults == SimSceneStorage(["theme": .string("dark"), "count": .int(2)]), "readable while terminated")
        try device.launch()
        return device.simulator.defaults
    }

    static let written = SimSceneStorage(["theme": .string("dark"), "count": .int(2)])

    @Test("defaults written while active survive a crash")
    func crash() throws {
        #expect(try Self.defaultsAfter { try $0.terminate(.crash) } == Self.written)
    }

    @Test("defaults survive a force quit, which discards restoration data")
    func forceQuit() throws {
        #expect(try Self.defaultsAfter { try $0.terminate(.user) } == Self.written)
    }

    @Test("defaults survive a system kill of the suspended app")
    func systemKill() throws {
        #expect(
            try Self.defaultsAfter { device in
                try device.background()
                try device.terminate(.system)
            } == Self.written)
    }

    @Test("defaults written while loading survive a crash while loading")
    func crashWhileLoading() throws {
        let device = try SceneSimTestStore.launched()
        try device.perform("setDefault") { try $0.setDefault("seen", .bool(true)) }
        try device.terminate(.crash)
        try device.launch()
        #expect(device.simulator.defaults == SimSceneStorage(["seen": .bool(true)]))
    }

    @Test("each write is traced as the app made it, removal as nil; integer and float stay apart")
    func writesAreTraced() throws {
        let device = try SceneSimTestStore.ready()
        try device.perform("setDefault") { try $0.setDefault("zoom", .int(2)) }
        try device.perform("setDefault") { try $0.setDefault("zoom", .double(2)) }
        try device.perform("setDefault") { try $0.setDefault("two words", .string("a\nb")) }
        try device.perform("setDefault") { try $0.setDefault("zoom", nil) }
        device.expectTrace(
            """
            [   0.500] defaults    zoom = 2
            [   0.500] defaults    zoom = 2.0
            [   0.500] defaults    [\"two words\"] = \"a\\nb\"
            [   0.500] defaults    zoom = nil
            """)
        #expect(device.simulator.defaults == SimSceneStorage(["two words": .string("a\nb")]))
    }

    @Test("writing needs a running app, and NaN is refused; neither changes anything")
    func writingNeedsARunningApp() throws {
        let device = try SceneSimTestStore.ready()
        #expect(throws: SimError(.invalidValue, "app.defaults key \"x\": NaN cannot be stored (it never equals itself); store a number or nil")) {
            try device.perform("setDefault") { try $0.setDefault("x", .double(.nan)) }
        }
        try device.terminate(.crash)
        #expect(throws: SimError(.notRunning, "writing app.defaults needs a running app, but it was terminated (crash) at 0.500 s; call app:launch() first")) {
            try device.perform("setDefault") { try $0.setDefault("x", .int(1)) }
        }
        #expect(device.simulator.defaults.isEmpty)
    }
}
