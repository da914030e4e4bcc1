import Foundation
import SceneSimBuiltin
import SceneSimCore
import SceneSimExplore
import SceneSimScripting
import Testing

/// Issue 17: the simulator's inputs are one enum, `SimInput`; every place that lists them is
/// derived from it or checked against it here, in both directions, so a new input that misses
/// one of them fails a test (the Lua spelling itself is an exhaustive switch: it does not
/// compile without one).
@Suite("Every input reaches scripts, completion, the LuaLS definitions and explore")
struct InputCoverageTests {
    /// The inputs a script calls by a fixed name (an intent is called by the model's names).
    static let kinds = SimInput.Kind.allCases.filter { $0 != .intent }

    /// `app:open_window` → (`App`, `open_window`), `w:focus` → (`Window`, `focus`),
    /// `sim.advance` → (`sim`, `advance`), `sim.system.refresh` → (`sim.system`, `refresh`).
    static func owner(_ kind: SimInput.Kind) -> (table: String, name: String) {
        let name = kind.scriptName
        if name.hasPrefix("app:") { return ("App", String(name.dropFirst(4))) }
        if name.hasPrefix("w:") { return ("Window", String(name.dropFirst(2))) }
        if name.hasPrefix("sim.system.") { return ("sim.system", String(name.dropFirst(11))) }
        return ("sim", String(name.dropFirst(4)))
    }

    /// Of `candidates` (names per table), the ones a scenario sees as functions of the app, of
    /// a window, and of `sim`. Handles hide their metatables, so names are probed one by one.
    static func scriptSurface(_ candidates: [String: Set<String>]) throws -> [String: Set<String>] {
        func list(_ names: Set<String>?) -> String {
            "{ " + (names ?? []).sorted().map { "\"\($0)\"" }.joined(separator: ", ") + " }"
        }
        let folder = try TempFolder()
        try folder.write(
            "surface.lua",
            """
            local app = sim.launch { scenes = { { id = "main" } } }
            local function functions(object, names)
              local found = {}
              for _, name in ipairs(names) do
                local ok, value = pcall(function() return object[name] end)
                if ok and type(value) == "function" then found[#found + 1] = name end
              end
              return table.concat(found, " ")
            end
            print(functions(app, \(list(candidates["App"]))))
            print(functions(app.windows[1], \(list(candidates["Window"]))))
            local names = {}
            for name, value in pairs(sim) do
              if type(value) == "function" then names[#names + 1] = name end
            end
            table.sort(names)
            print(table.concat(names, " "))
            local system = {}
            for name, value in pairs(sim.system) do
              if type(value) == "function" then system[#system + 1] = name end
            end
            table.sort(system)
            print(table.concat(system, " "))
            """)
        let result = try BuiltBinary.run(["run", "--trace", "off", "surface.lua"], in: folder.path)
        try #require(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { Set($0.split(separator: " ").map(String.init)) }
        try #require(lines.count >= 4, "\(result)")
        return ["App": lines[0], "Window": lines[1], "sim": lines[2], "sim.system": lines[3]]
    }

    /// Every name that might be a function of the app or a window: the completion lists (which
    /// the classes' definitions assert they match), the inputs, and the LuaLS definitions.
    static func candidates() throws -> [String: Set<String>] {
        var app = Set(ScriptHost.appMethods), window = Set(ScriptHost.windowMethods)
        for kind in kinds {
            let (table, name) = owner(kind)
            if table == "App" { app.insert(name) }
            if table == "Window" { window.insert(name) }
        }
        for spelled in try declaredFunctions() {
            let parts = spelled.split(separator: ":").map(String.init)
            if parts.count == 2, parts[0] == "App" { app.insert(parts[1]) }
            if parts.count == 2, parts[0] == "Window" { window.insert(parts[1]) }
        }
        return ["App": app, "Window": window]
    }

    /// `App:open_window`, `sim.advance`, ...: what scenesim.d.lua declares with `function`.
    static func declaredFunctions() throws -> Set<String> {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/types/scenesim.d.lua"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("function ") else { return nil }
                return String(line.dropFirst("function ".count).prefix { $0 != "(" })
            })
    }

    @Test("each input is a function scripts can call, and each lifecycle function of app, w and sim is an input")
    func bindings() throws {
        let surface = try Self.scriptSurface(try Self.candidates())
        for kind in Self.kinds {
            let (table, name) = Self.owner(kind)
            #expect(surface[table]?.contains(name) == true, "\(kind.scriptName) is not bound")
        }
        // The other direction: what else the handles offer is a known change or read.
        let changes: [String: Set<String>] = [
            "App": [
                "after", "on", "transition", "login", "next_step", "cancel_onboarding", "logout", "retry",
                "begin_background_task", "schedule_refresh", "keep_running", "stop_running", "effect",
            ],
            "Window": ["effect"],
            "sim": ["launch", "now", "network", "log", "seed", "url", "extend", "swift_handlers"],
        ]
        for (table, names) in surface {
            let inputs = Set(Self.kinds.filter { Self.owner($0).table == table }.map { Self.owner($0).name })
            let unknown = names.subtracting(inputs).subtracting(changes[table] ?? [])
            #expect(unknown.isEmpty, "\(table) offers \(unknown.sorted()), which are neither inputs nor known changes: add them to SimInput or to this list")
        }
    }

    @Test("the REPL completes every input of the app and of windows, and nothing else lifecycle-like")
    func completion() {
        for kind in Self.kinds {
            let (table, name) = Self.owner(kind)
            switch table {
            case "App": #expect(ScriptHost.appMethods.contains(name), "app:\(name) is not completed")
            case "Window": #expect(ScriptHost.windowMethods.contains(name), "w:\(name) is not completed")
            default: break
            }
        }
        let windowInputs = Self.kinds.filter { Self.owner($0).table == "Window" }.map { Self.owner($0).name }
        // Besides its inputs, a window has one method: its code's effects.
        #expect(ScriptHost.windowMethods.sorted() == (windowInputs + ["effect"]).sorted())
    }

    @Test("scenesim.d.lua declares every input, and every method it declares on App and Window is bound")
    func luaLSDefinitions() throws {
        let declared = try Self.declaredFunctions()
        for kind in Self.kinds {
            let (table, name) = Self.owner(kind)
            let spelled = table == "sim" ? "sim.\(name)" : table == "sim.system" ? "System.\(name)" : "\(table):\(name)"
            #expect(declared.contains(spelled), "scenesim.d.lua does not declare \(spelled)")
        }
        let surface = try Self.scriptSurface(try Self.candidates())
        for spelled in declared where spelled.hasPrefix("App:") || spelled.hasPrefix("Window:") {
            let parts = spelled.split(separator: ":").map(String.init)
            #expect(surface[parts[0]]?.contains(parts[1]) == true, "scenesim.d.lua declares \(spelled), which scripts do not have")
        }
    }

    @Test("explore has a built-in rule for every input, and every built-in rule names an input kind (or its variant), an intent or an operation")
    func exploreRules() {
        // Swift declares the built-in rules (SceneSimExplore's BuiltinRules.swift), each with
        // what it names: an input kind (its name is the kind's, or that and "_" and a variant),
        // an intent of the built-in model, or a script operation that is no input.
        let rules = ExploreBuiltinCatalog.subjects
        for kind in Self.kinds {
            #expect(rules.contains { $0.subject == .input(kind) }, "explore has no built-in rule for \(kind.scriptName) (rules: \(rules.map(\.name)))")
        }
        for (name, subject) in rules {
            switch subject {
            case .input(let kind):
                #expect(
                    name == kind.rawValue || name.hasPrefix(kind.rawValue + "_"),
                    "built-in rule \(name) sends \(kind.scriptName): name it \(kind.rawValue) or \(kind.rawValue)_VARIANT")
            case .intent:
                #expect(AppModel.builtinIntents.contains(name), "built-in rule \(name) is no intent of the built-in model")
            case .operation:
                #expect(!Self.kinds.contains { name == $0.rawValue }, "built-in rule \(name) is named as an input but says it sends none")
            }
        }
        #expect(Set(rules.map(\.name)).count == rules.count, "two built-in rules share a name")
        // The draw keeps at most three generators per rule inline (ExplorePick.Rule).
        let most = ExploreBuiltinCatalog.mostArguments
        #expect(most.count <= 3, "built-in rule \(most.name) draws \(most.count) arguments; the draw keeps three per rule")
    }
}
