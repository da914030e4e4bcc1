import Foundation
import SceneSimScripting
import Testing

/// semantics 10.5: the built-in model is a model like any other, so a Lua declaration of it —
/// scenarios/models/lib/builtin.lua, using only app.defaults, app.keychain, sim.server and
/// app:after — runs the whole scenario library with the same output. Each scenario runs twice:
/// as written, and with `sim.launch` given the Lua twin as its model.
///
/// Where the twin cannot say what the simulator's own code says, the built-in output is
/// rewritten the documented way before comparing (scenarios/README.md, "The built-in model in
/// Lua"), and nothing else is:
/// - a keychain the built-in model clears gives its reason ("logout", "onboarding cancelled",
///   "initialization: expired"); the twin clears it with `app.keychain = nil`, traced so;
/// - a validation on becoming active that cannot reach the server is the built-in model's
///   warning; the twin's `sim.server.validate` traces "network unreachable" as any answer;
/// - state text `app:transition` refuses is described with the built-in model's words
///   ("an onboarding step", "<user>"); a declared model's messages list states by name with
///   their declared arguments — the two lines of errors/misuse that show it are left out;
/// - the twin's timers are tasks too, so a scenario's task numbers (models/after) count them,
///   and a termination before its loading timer fires ends it with a line (semantics 11.6) the
///   built-in model's own timer does not print: the timer lines of a termination are left out
///   of both, and the numbers of the server requests it ends are not compared;
/// - an uncaught error's traceback lists the twin's own frames, which are left out.
@Suite("The built-in model in Lua")
struct BuiltinTwinTests {
    /// Gives `sim.launch` the twin when a scenario sets no model; errors keep the caller's line.
    static func prelude() throws -> String {
        let twin = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/models/lib/builtin.lua"), encoding: .utf8)
        return """
            local twin = load(\(luaString(twin)), "@twin/builtin.lua")()
            local launch = sim.launch
            sim.launch = function(options, ...)
              if options == nil and select("#", ...) == 0 then options = {} end
              if type(options) == "table" and rawget(options, "model") == nil then options.model = twin(options) end
              local ok, result = pcall(launch, options, ...)
              if not ok then error(result, 2) end
              return result
            end
            """
    }

    static func luaString(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func scenarios() -> [String] {
        let root = packageRoot.appendingPathComponent("scenarios")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".d.lua") && !$0.split(separator: "/").contains("lib") }.sorted()
    }

    /// Everything a run prints: output, then the error and its traceback.
    static func run(_ scenario: String, prelude: String?) -> String {
        var output = ""
        let path = packageRoot.appendingPathComponent("scenarios/\(scenario)").path
        let host = ScriptHost(moduleDirectory: ScenarioRunner.moduleDirectory(for: path), output: { output += String(decoding: $0, as: UTF8.self) })
        do {
            if let prelude { _ = try host.run(prelude, chunkName: "=twin") }
            try host.run(file: path, displayName: scenario)
        } catch {
            output += error.description
        }
        return output
    }

    /// The built-in output as the twin prints it (see the list above).
    static func asTwin(_ text: String) -> String {
        text.replacing(/cleared from the keychain \((logout|onboarding cancelled|initialization: [^)]*)\)/) { _ in
            "cleared from the keychain (app.keychain = nil)"
        }
        .replacing(/auth        warning: cannot reach the server to validate the session of (.*); staying logged in/) { match in
            "auth        session of \(match.1): network unreachable"
        }
    }

    /// Without the timers a termination ends, and with its requests unnumbered (see the list above).
    static func withoutEndedTimers(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains(/\] app {9}task \d+ ended \(terminated\)/) }
            .joined(separator: "\n")
            .replacing(/server request \d+ ended \(terminated\)/) { _ in "server request N ended (terminated)" }
    }

    static func withoutTwinFrames(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("twin") }.joined(separator: "\n")
    }

    @Test("every scenario prints the same with the Lua twin as with the built-in model, but for the documented differences")
    func twinMatchesBuiltin() throws {
        let prelude = try Self.prelude()
        let scenarios = Self.scenarios()
        #expect(scenarios.count > 50, "the scenario reader lost its way: \(scenarios.count)")
        var compared = 0
        for scenario in scenarios {
            var builtin = Self.withoutEndedTimers(Self.asTwin(Self.run(scenario, prelude: nil)))
            var twin = Self.withoutEndedTimers(Self.withoutTwinFrames(Self.run(scenario, prelude: prelude)))
            switch scenario {
            case "errors/misuse.lua":
                // The two refusals of malformed state text, in the built-in model's words.
                let worded = /.*misuse\.lua:3[01]: .*app state.*\n/
                builtin = builtin.replacing(worded, with: "")
                twin = twin.replacing(worded, with: "")
            case "models/after.lua":
                // The twin's loading timer is task 1, so the scenario's tasks are numbered one up.
                twin = twin.replacing("task 4 (at 4.500, pending)", with: "task 3 (at 4.500, pending)")
            default:
                break
            }
            #expect(twin == builtin, "\(scenario)")
            compared += 1
        }
        #expect(compared == scenarios.count)
    }

    @Test("the normalisation is not what makes them equal: with the twin, a logout is traced as app.keychain = nil")
    func differencesAreReal() throws {
        let builtin = Self.run("auth/session-expiry.lua", prelude: nil)
        let twin = Self.run("auth/session-expiry.lua", prelude: try Self.prelude())
        #expect(builtin.contains("cleared from the keychain (logout)"))
        #expect(twin.contains("cleared from the keychain (app.keychain = nil)"))
        #expect(builtin != twin)
    }
}
