import LuaKit
import SceneSimScripting

// Piped input is a script, as `lua5.4 < file` runs it: one chunk, so a `local` reaches the end
// of the input and a failure stops it. Line by line, `local app = sim.launch{}` would be gone
// by the next line, and a failed line would not stop the lines that depend on it.
extension REPLSession {
    /// Runs `file` first when given, then all of standard input as one chunk named `stdin`
    /// (messages read `stdin:line:`). The first error stops the run and goes to the error
    /// stream as `scenesim run` reports it. Returns `scenesim run`'s status: 0, or 1 after an
    /// error.
    package func runStandardInput(file: String? = nil) -> Int32 {
        do throws(LuaError) {
            if let file { try host.run(file: file) }
            let chunk = try host.lua.loadStandardInput()
            _ = try host.call(chunk)
        } catch {
            output.error(error.description + "\n" + ScenarioRunner.hint(for: error) + Self.commandHint(for: error))
            output.flush()
            return ScenarioRunner.failure
        }
        output.flush()
        return ScenarioRunner.success
    }

    /// A `\save` or other command piped in is not Lua: say where commands work.
    static func commandHint(for error: LuaError) -> String {
        guard error.kind == .syntax, error.message.hasSuffix("near '\\'") else { return "" }
        return "hint: piped input runs as one Lua chunk, as lua5.4 < file does; \\commands work only when typing at a terminal\n"
    }
}
