import Foundation
import SceneSimCore
import SceneSimScripting
import Testing

/// Issue 40: no operation is listed by hand in a place no test checks. The scenario API a script
/// sees is listed in two documents besides the code: the LuaLS definitions
/// (`scenarios/types/scenesim.d.lua`) and the API document (`scenarios/README.md`). Both are
/// checked here against what the built `scenesim` really offers, in both directions: every name
/// they list exists, and every name that exists is listed. (Inputs are also checked by
/// InputCoverageTests; docs/architecture.md, "Lists of names", says which test checks which list.)
@Suite("The LuaLS definitions and the API document list exactly the API scripts have")
struct ScriptSurfaceListTests {
    /// What a script has, by the definitions' class names: functions (`fn`) and other fields.
    struct Surface {
        var functions: [String: Set<String>] = [:]
        var fields: [String: Set<String>] = [:]
    }

    /// The tables are read from the built binary (`pairs`); the handles' methods and fields are
    /// their classes' lists, which the classes assert they match (methods) or are derived from
    /// (fields: each class's `__index` switches over an enum whose cases are the list).
    static func surface() throws -> Surface {
        let folder = try TempFolder()
        try folder.write(
            "surface.lua",
            """
            local app = sim.launch { scenes = { { id = "main" } } }
            local function list(label, t)
              local functions, fields = {}, {}
              for name, value in pairs(t) do
                if type(value) == "function" then functions[#functions + 1] = name else fields[#fields + 1] = name end
              end
              table.sort(functions)
              table.sort(fields)
              print(label .. "|" .. table.concat(functions, " ") .. "|" .. table.concat(fields, " "))
            end
            list("sim", sim)
            list("Server", sim.server)
            list("System", sim.system)
            list("Gen", sim.gen)
            list("Explore", sim.explore)
            list("assert", assert)
            """)
        let result = try BuiltBinary.run(["run", "--trace", "off", "surface.lua"], in: folder.path)
        try #require(result.status == 0, "\(result)")
        var surface = Surface()
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map { Set($0.split(separator: " ").map(String.init)) }
            guard parts.count == 3, let label = parts[0].first else { continue }
            surface.functions[label] = parts[1]
            surface.fields[label] = parts[2]
        }
        try #require(surface.functions.count == 6, "\(result)")
        surface.functions["App"] = Set(ScriptHost.appMethods + AppModel.builtinIntents)
        surface.fields["App"] = Set(ScriptHost.appFields)
        surface.functions["Window"] = Set(ScriptHost.windowMethods)
        surface.fields["Window"] = Set(ScriptHost.windowFields)
        surface.functions["Task"] = Set(ScriptHost.taskMethods)
        surface.fields["Task"] = Set(ScriptHost.taskFields)
        surface.functions["BackgroundTask"] = Set(ScriptHost.backgroundTaskMethods)
        surface.fields["BackgroundTask"] = Set(ScriptHost.backgroundTaskFields)
        surface.functions["Storage"] = Set(ScriptHost.storageMethods)
        surface.functions["Defaults"] = Set(ScriptHost.storageMethods)
        surface.functions["Memory"] = Set(ScriptHost.memoryMethods)
        return surface
    }

    /// The definitions file: `function App:open_window(`, `function sim.now(` → functions by
    /// table; `---@field running boolean` under `---@class scenesim.App` → fields by class.
    static func definitions() throws -> Surface {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/types/scenesim.d.lua"), encoding: .utf8)
        var declared = Surface()
        var currentClass: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.firstMatch(of: /^function ([A-Za-z_]+)[.:]([A-Za-z_]+)\(/) {
                declared.functions[String(match.1), default: []].insert(String(match.2))
            }
            if let match = line.firstMatch(of: /^---@class scenesim\.([A-Za-z]+)/) {
                currentClass = String(match.1)
            } else if let match = line.firstMatch(of: /^---@field ([a-z_]+)\??\s/), let owner = currentClass {
                declared.fields[owner, default: []].insert(String(match.1))
            } else if !line.hasPrefix("---") {
                currentClass = nil
            }
        }
        // `sim` is declared as class scenesim.Sim, its functions as `function sim.x`.
        declared.fields["sim"] = declared.fields.removeValue(forKey: "Sim")
        return declared
    }

    /// The classes the definitions describe that scripts reach as tables or handles.
    static let checkedClasses = ["sim", "Server", "System", "Gen", "Explore", "assert", "App", "Window", "Task", "BackgroundTask", "Storage", "Defaults", "Memory"]

    @Test("scenesim.d.lua declares every function and field scripts have, and nothing they lack")
    func definitionsMatch() throws {
        let surface = try Self.surface()
        let declared = try Self.definitions()
        for owner in Self.checkedClasses {
            let has = surface.functions[owner] ?? [], lists = declared.functions[owner] ?? []
            #expect(has.subtracting(lists).isEmpty, "scenesim.d.lua does not declare these functions of \(owner): \(has.subtracting(lists).sorted())")
            #expect(lists.subtracting(has).isEmpty, "scenesim.d.lua declares functions of \(owner) that scripts do not have: \(lists.subtracting(has).sorted())")
        }
        for owner in ["sim", "App", "Window", "Task", "BackgroundTask"] {
            let has = surface.fields[owner] ?? [], lists = declared.fields[owner] ?? []
            #expect(has.subtracting(lists).isEmpty, "scenesim.d.lua does not declare these fields of \(owner): \(has.subtracting(lists).sorted())")
            #expect(lists.subtracting(has).isEmpty, "scenesim.d.lua declares fields of \(owner) that scripts do not have: \(lists.subtracting(has).sorted())")
        }
    }

    /// Names the API document spells like API but means as something else, each with why.
    static let documentedNonAPI: [String: String] = [
        "sim.lanch": "the misspelling its did-you-mean example corrects",
        "app.stat": "the misspelling its did-you-mean example corrects",
        "app:settings": "a URL (app:settings), not a method",
        "app:unlock": "an intent of the example model in \"Model your app\"",
        "app:set_pin": "an intent of the example model in \"Model your app\"",
    ]

    /// How the document spells each name: `sim.advance`, `sim.server.revoke`, `app:open_window`,
    /// `app.phase`, `w:focus`, `w.storage`, `task:cancel`, `task.status`.
    static func spellings(_ surface: Surface) -> Set<String> {
        var names: Set<String> = []
        for name in surface.functions["sim", default: []].union(surface.fields["sim", default: []]) { names.insert("sim.\(name)") }
        for (table, field) in [("Server", "server"), ("System", "system"), ("Gen", "gen"), ("Explore", "explore")] {
            for name in surface.functions[table, default: []] { names.insert("sim.\(field).\(name)") }
        }
        for name in surface.functions["assert", default: []] { names.insert("assert.\(name)") }
        for name in surface.functions["App", default: []] { names.insert("app:\(name)") }
        for name in surface.fields["App", default: []] { names.insert("app.\(name)") }
        for name in surface.functions["Window", default: []] { names.insert("w:\(name)") }
        for name in surface.fields["Window", default: []] { names.insert("w.\(name)") }
        for name in surface.functions["Task", default: []].union(surface.functions["BackgroundTask", default: []]) { names.insert("task:\(name)") }
        for name in surface.fields["Task", default: []].union(surface.fields["BackgroundTask", default: []]) { names.insert("task.\(name)") }
        return names
    }

    @Test("scenarios/README.md names every function and field scripts have, and no other API")
    func documentMatches() throws {
        let surface = try Self.surface()
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/README.md"), encoding: .utf8)
        // Every API-like spelling in the document: sim.x, sim.x.y, assert.x, app:x, app.x, w:x,
        // w.x, task:x, task.x (`app.defaults.theme` is app.defaults, a store's key after it).
        var mentioned: Set<String> = []
        for match in text.matches(
            of: /(?:^|[^A-Za-z0-9_.:])(sim\.(?:server|system|gen|explore)\.[a-z_]+|sim\.[a-z_]+|assert\.[a-z_]+|app[.:][a-z_]+|w[.:][a-z_]+|task[.:][a-z_]+)\b/
                .anchorsMatchLineEndings())
        {
            mentioned.insert(String(match.1))
        }
        let existing = Self.spellings(surface)
        let unknown = mentioned.subtracting(existing).subtracting(Self.documentedNonAPI.keys)
        #expect(unknown.isEmpty, "scenarios/README.md names API that scripts do not have: \(unknown.sorted())")
        let undocumented = existing.subtracting(mentioned)
        #expect(undocumented.isEmpty, "scenarios/README.md does not document \(undocumented.sorted())")
        // The exceptions are still in the document (an exception no longer needed goes).
        for name in Self.documentedNonAPI.keys.sorted() {
            #expect(mentioned.contains(name), "\(name) is no longer in scenarios/README.md: remove it from documentedNonAPI")
        }
    }
}
