import ByteText
import LuaKit
import SceneSimCore

/// One `sim.extend(generated, overlay)` call, as `scenesim check-model` reads it.
package struct ModelExtension {
    /// The name `require` loaded the generated module under (`"myapp_generated"`); nil when
    /// the table came from no module.
    package var generatedModule: ByteString?
    /// Copies of the two tables.
    package var generated: LuaValue
    package var overlay: LuaValue
    /// `file:line` of the call.
    package var location: String
}

extension ScriptHost {
    /// `sim.extend(generated, overlay)`: the options of `sim.launch` (ModelOverlay).
    func simExtend(_ call: LuaCall) -> LuaReturn {
        guard case .table(let generated) = call.value(at: 1) else {
            return .error(
                "sim.extend(generated, overlay): generated must be the table the generated module returns, e.g. sim.extend(require \"myapp_generated\", { ... }) (got \(call.typeName(at: 1)))"
            )
        }
        guard case .table(let overlay) = call.value(at: 2) else {
            return .error(
                "sim.extend(generated, overlay): overlay must be a table of what the source cannot say, e.g. { states = { ... }, initial = \"...\", effects = { ... } } (got \(call.typeName(at: 2)))"
            )
        }
        if call.count > 2 {
            return .error("sim.extend takes two tables, the generated module's and the overlay (got \(call.count) arguments)")
        }
        let result: LuaTable
        do throws(SimError) {
            result = try ModelOverlay().apply(generated, overlay)
        } catch {
            return .error(error.message)
        }
        extensions.append(
            ModelExtension(
                generatedModule: call.requiredModuleName(at: 1), generated: .table(generated), overlay: .table(overlay),
                location: Self.sourceLine(call.scriptLocation()) ?? ""))
        return call.results(.table(result))
    }
}
