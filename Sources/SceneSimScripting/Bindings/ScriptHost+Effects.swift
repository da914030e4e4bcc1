import ByteText
import LuaKit
import SceneSimCore

// `app:effect(name, ...)` and `w:effect(name, ...)` (scenarios/README.md, "Effects"; behaviour-from-source §2):
// what the app's code does that the model does not simulate. Each call is a trace line; the
// model's `effects[name]` gives it behaviour.
extension ScriptHost {
    /// An effect called from App-level code (`scene` nil) or from window `scene`'s code: traced,
    /// then the model's function of that name runs as `fn(app, w, ...)` and its results are the
    /// call's (none without one). Its error is the call's, so a `pcall` around it (a translated
    /// `do`/`catch`) catches it.
    func callEffect(_ call: LuaCall, scene: SessionID?) -> LuaReturn {
        let what = scene == nil ? "app:effect" : "w:effect"
        guard let raw = call.bytes(at: 2), !raw.isEmpty else {
            let got = call.bytes(at: 2) != nil ? "an empty string" : call.typeName(at: 2)
            return .error("\(what)(name, ...) needs the effect's name, a string such as \"ApiClient.send\" (got \(got))")
        }
        let (name, location) = EffectName.split(raw)
        guard !name.isEmpty else {
            return .error("\(what)(name, ...): \(raw.quoted) has a location but no name before it; write \"Type.method@File.swift:LINE\"")
        }
        let simulator: Simulator
        do throws(SimError) {
            simulator = try requireSimulator(what)
            try simulator.requireRunning(.effect(window: scene != nil))
            // An effect stands for the app's code, which a suspended app does not run (semantics 11.2).
            try simulator.requireAwake(.effect(window: scene != nil))
        } catch {
            return .error(error.message)
        }
        var arguments: [EffectArgument] = []
        var values: [LuaValue] = []
        if call.count >= 3 {
            for index in 3...call.count {
                let value = call.value(at: index)
                values.append(value)
                switch value {
                case .nil: arguments.append(.value(nil))
                case .boolean, .integer, .number, .string:
                    arguments.append(SceneValue(lua: value).map { .value($0) } ?? .text(ByteString((try? call.describe(at: index)) ?? [])))
                case .handle(let handle) where handle.type == classes.window:
                    arguments.append(.window(SessionID(index: Int(handle.id))))
                default:
                    let text: [UInt8]
                    do throws(LuaError) {
                        text = try call.describe(at: index)
                    } catch {
                        return .error(error.message, location: .none)
                    }
                    arguments.append(.text(ByteString(text)))
                }
            }
        }
        simulator.traceEffect(name, arguments: arguments, scene: scene, location: location)
        guard let function = effectFunctions[name] else {
            // A Swift model's effect (AppModel.addEffect): stored values in, its result out.
            guard let text = name.string, simulator.hasEffect(text) else { return .values(0) }
            do throws(SimError) {
                let result = try simulator.runEffect(text, scene: scene, values.map { SceneValue(lua: $0) })
                return call.results(result?.lua ?? .nil)
            } catch {
                // A hook the effect's calls ran may have failed: the core says which error wins.
                return end(call, error, [])
            }
        }
        return runAppCode(function, [appValue, scene.map(windowValue) ?? .nil] + values, for: call)
    }
}
