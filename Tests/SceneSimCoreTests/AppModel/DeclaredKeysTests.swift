import ByteText
import Testing
@testable import SceneSimCore

/// Declared keys live in the core (issue 40): a Swift model's scenes and model declare them as a
/// script's do, and get the same "did you mean" errors, from the simulator's own setters.
@Suite("Declared keys: a Swift model's scenes and model refuse undeclared keys")
struct DeclaredKeysTests {
    /// A launched app whose `main` scene declares SceneStorage key `selectedTab` and memory key
    /// `draft`, and whose model declares AppStorage key `theme` and App memory key `store`.
    static func launched() throws -> (Simulator, SessionID) {
        var model = try AppModel(states: ["ready"], initial: "ready", transitions: [:])
        model.defaultsKeys = ["theme"]
        model.memoryKeys = ["store"]
        var scene = SceneDeclaration(id: "main")
        scene.keys = ["selectedTab"]
        scene.memory = ["draft"]
        try model.addScene(scene)
        let sim = try Simulator(config: AppConfig(scenes: model.scenes), model: model)
        try sim.launch()
        return (sim, try #require(sim.windows.first))
    }

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? SimError)?.message
        }
    }

    @Test("a declared key is written and read; a misspelt one is refused with did you mean, and nothing is written")
    func storage() throws {
        let (sim, main) = try Self.launched()
        try sim.setStorage(main, key: "selectedTab", value: .int(2))
        #expect(try sim.storageValue(main, key: "selectedTab") == .int(2))
        #expect(
            Self.message { try sim.setStorage(main, key: "selectedTabs", value: .int(3)) }
                == #"w.storage.selectedTabs: scene "main" declares no SceneStorage key "selectedTabs"; did you mean "selectedTab"?"#)
        #expect(
            Self.message { _ = try sim.storageValue(main, key: "other") }
                == #"w.storage.other: scene "main" declares no SceneStorage key "other"; it declares "selectedTab""#)
        #expect(try sim.liveStorage(main) == SimSceneStorage(["selectedTab": .int(2)]))
    }

    @Test("window and App memory, and defaults, refuse keys their declarations do not list")
    func memoryAndDefaults() throws {
        let (sim, main) = try Self.launched()
        try sim.setWindowMemory(main, key: "draft", value: .string("x"))
        try sim.setAppMemory(key: "store", value: .int(1))
        try sim.setDefault("theme", .string("dark"))
        #expect(
            Self.message { try sim.setWindowMemory(main, key: "drafts", value: .string("y")) }
                == #"w.memory.drafts: scene "main" declares no memory key "drafts"; did you mean "draft"?"#)
        #expect(
            Self.message { try sim.setAppMemory(key: "stores", value: .int(2)) }
                == #"app.memory.stores: the model declares no memory key "stores"; did you mean "store"?"#)
        #expect(
            Self.message { try sim.setDefault("them", .string("light")) }
                == #"app.defaults.them: the model declares no AppStorage key "them"; did you mean "theme"?"#)
        #expect(try sim.windowMemory(main) == SimSceneStorage(["draft": .string("x")]))
        #expect(try sim.appMemory() == SimSceneStorage(["store": .int(1)]))
        #expect(sim.defaults == SimSceneStorage(["theme": .string("dark")]))
    }

    @Test("without a declaration any key is taken")
    func undeclared() throws {
        let sim = try Simulator(config: AppConfig(), model: try AppModel(states: ["ready"], initial: "ready", transitions: [:]))
        try sim.launch()
        let main = try #require(sim.windows.first)
        try sim.setStorage(main, key: "anything", value: .bool(true))
        try sim.setDefault("whatever", .int(1))
        #expect(try sim.storageValue(main, key: "anything") == .bool(true))
    }
}
