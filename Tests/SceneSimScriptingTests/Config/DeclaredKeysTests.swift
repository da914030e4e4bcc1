import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// A scene's `keys` and `memory`, a model's `defaults_keys`: another key is an error at its line
/// with did-you-mean; without a list, any key.
@Suite("Declared keys")
struct DeclaredKeysTests {
    static let launch = """
        local app = sim.launch { scenes = { { id = "main", keys = { "selectedTab", "draft" }, memory = { "text" } } },
          model = { states = { running = {} }, initial = "running", defaults_keys = { "theme" } } }
        local w = app.windows[1]

        """

    @Test("declared keys read and write as before; another key is an error at its line with did-you-mean")
    func declaredKeysCatchTypos() {
        let run = runScript(
            Self.launch + """
                w.storage.selectedTab = 2; w.memory.text = "x"; app.defaults.theme = "dark"
                print(w.storage.selectedTab, w.memory.text, app.defaults.theme)
                print(pcall(function() w.storage.selctedTab = 3 end))
                print(pcall(function() return w.storage.zzz end))
                print(pcall(function() w.memory.txt = 1 end))
                print(pcall(function() return app.defaults.them end))
                print(pcall(function() app.defaults.other = 1 end))
                """)
        let printed = run.output.split(separator: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n")
        #expect(run.error == nil)
        #expect(
            printed == """
                2\tx\tdark
                false\ttest.lua:6: w.storage.selctedTab: scene "main" declares no SceneStorage key "selctedTab"; did you mean "selectedTab"?
                false\ttest.lua:7: w.storage.zzz: scene "main" declares no SceneStorage key "zzz"; it declares "selectedTab", "draft"
                false\ttest.lua:8: w.memory.txt: scene "main" declares no memory key "txt"; did you mean "text"?
                false\ttest.lua:9: app.defaults.them: the model declares no AppStorage key "them"; did you mean "theme"?
                false\ttest.lua:10: app.defaults.other: the model declares no AppStorage key "other"; it declares "theme"
                """)
    }

    @Test("without a list any key works, also on a scene next to one that declares keys")
    func withoutAListAnyKey() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" }, { id = "note", value = "string", keys = {} } } }
            local w = app.windows[1]
            w.storage.anything = 1; w.memory.whatever = 2; app.defaults.any = 3
            print(w.storage.anything, w.memory.whatever, app.defaults.any)
            local n = app:open_window("note", "a")
            print(pcall(function() n.storage.x = 1 end))
            """)
        let printed = run.output.split(separator: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n")
        #expect(run.error == nil)
        #expect(
            printed == """
                1\t2\t3
                false\ttest.lua:6: w.storage.x: scene "note" declares no SceneStorage key "x" (it declares none)
                """)
    }

    @Test("a declared key with a backslash, a tab, a newline or a NUL is used by its own bytes (scaffold writes such keys from Swift), and messages show keys escaped")
    func keysWithSpecialBytes() {
        let run = runScript(
            #"""
            local keys = { "a\\b", "t\tx", "n\ny", "z\0z" }
            local app = sim.launch { scenes = { { id = "main", keys = keys } }, model = { states = { r = {} }, initial = "r", defaults_keys = keys } }
            local w = app.windows[1]
            for i, k in ipairs(keys) do w.storage[k] = i; app.defaults[k] = i end
            print(w.storage["a\\b"], w.storage["t\tx"], w.storage["n\ny"], w.storage["z\0z"], app.defaults["z\0z"])
            print(pcall(function() w.storage["t\ty"] = 1 end))
            """#)
        // Before, each was refused: declares no SceneStorage key "a\\b"; did you mean "a\b"?,
        // and the list of declared keys printed a raw newline.
        #expect(run.error == nil)
        #expect(
            run.output.split(separator: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n") == """
                1\t2\t3\t4\t4
                false\ttest.lua:6: w.storage.t\\ty: scene "main" declares no SceneStorage key "t\\ty"; did you mean "t\\tx"?
                """)
    }

    @Test("a model's memory list (the App's own @State and @StateObject) makes any other app.memory key an error with did-you-mean; without it, any key")
    func appMemoryKeys() {
        let run = runScript(
            """
            local app = sim.launch { model = { states = { r = {} }, initial = "r", memory = { "store", "tab" } } }
            app.memory.store = 1
            print(app.memory.store, app.memory.tab)
            print(pcall(function() app.memory.stor = 2 end))
            print(pcall(function() return app.memory.zzz end))
            """)
        #expect(run.error == nil)
        #expect(
            run.output.split(separator: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n") == """
                1\tnil
                false\ttest.lua:4: app.memory.stor: the model declares no memory key "stor"; did you mean "store"?
                false\ttest.lua:5: app.memory.zzz: the model declares no memory key "zzz"; it declares "store", "tab"
                """)
    }

    @Test("a list that is not a list of strings is a launch error naming the key")
    func badLists() {
        let run = runScript(
            """
            print(pcall(function() sim.launch { scenes = { { id = "main", keys = 3 } } } end))
            print(pcall(function() sim.launch { scenes = { { id = "main", memory = { 1 } } } } end))
            print(pcall(function() sim.launch { model = { states = { a = {} }, initial = "a", defaults_keys = "theme" } } end))
            print(pcall(function() sim.launch { scenes = { { id = "main", keys = { "a\\255b" } } } } end))
            """)
        #expect(
            run.output == """
                false\ttest.lua:1: sim.launch: scenes[1].keys must be a list of key names, e.g. keys = { "selectedTab" }, not an integer
                false\ttest.lua:2: sim.launch: scenes[1].memory[1] must be a key name as a string, not an integer
                false\ttest.lua:3: sim.launch: model.defaults_keys must be a list of key names, e.g. defaults_keys = { "theme" }, not a string
                false\ttest.lua:4: sim.launch: scenes[1].keys[1] must be valid UTF-8, as a Swift key is (got "a\\255b")

                """)
    }
}
