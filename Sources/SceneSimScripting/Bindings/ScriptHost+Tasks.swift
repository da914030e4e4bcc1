import ByteText
import LuaKit
import SceneSimCore

// app:after (scenarios/README.md, "What a model uses"): timers whose functions run when the
// clock reaches them, through the same safe path as hooks; task handles to cancel them.
extension ScriptHost {
    /// A task handle's fields, named as scripts read them; `__index` answers exactly these.
    enum TaskField: String, CaseIterable {
        case status, at
    }
    package static let taskFields = TaskField.allCases.map(\.rawValue)
    /// A task handle's methods (`task:cancel()`), for completion; the class asserts it has exactly these.
    package static let taskMethods = ["cancel"]

    /// `a`, `a and b`, `a, b and c`: names as a message lists them.
    static func spokenList(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    func defineTaskClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.Task")
        definition.toString = { [unowned(unsafe) self] id in
            // A handle of a task this simulator never made (a stale one) reads as a bare task.
            guard let simulator, let at = try? simulator.taskTime(TaskID(rawValue: Int(id))),
                let status = try? simulator.taskStatus(TaskID(rawValue: Int(id)))
            else { return "task" }
            return "task \(id) (at \(at.text), \(status.rawValue))"
        }
        definition.getField = { [unowned(unsafe) self] call, id, key in
            guard let simulator else { return .values(0) }
            switch TaskField(rawValue: key.escaped) {
            case .status:
                do throws(SimError) { return call.results(.string(ByteString(try simulator.taskStatus(TaskID(rawValue: Int(id))).rawValue))) } catch {
                    return .error(error.message)
                }
            case .at:
                do throws(SimError) { return call.results(.number(try simulator.taskTime(TaskID(rawValue: Int(id))).seconds)) } catch { return .error(error.message) }
            case nil:
                let hint = suggestion(for: key.escaped, among: Self.taskFields + Self.taskMethods)
                return .error("task has no field \"\(key.escaped)\"\(hint); fields are \(Self.spokenList(Self.taskFields)), and task:cancel() stops it")
            }
        }
        definition.setField = { _, _, key in
            .error("task.\(key.escaped) is read-only; stop a task with task:cancel()")
        }
        definition.methods["cancel"] = { [unowned(unsafe) self] call, id in
            perform(call) { () throws(SimError) in
                [.boolean(try requireSimulator("task:cancel()").cancelTask(TaskID(rawValue: Int(id))))]
            }
        }
        // The completion list is written out above; it must name exactly these.
        assert(definition.methods.keys.sorted() == Self.taskMethods.sorted(), "ScriptHost.taskMethods is out of date")
        return lua.defineClass(definition)
    }

    /// app:after(seconds, fn) → task.
    func appAfter(_ call: LuaCall, _ simulator: Simulator) throws(SimError) -> [LuaValue] {
        guard let seconds = call.number(at: 2) else {
            throw SimError(.invalidValue, "app:after(seconds, fn) needs a number of seconds, e.g. app:after(1.5, function(app) ... end) (got \(call.typeName(at: 2)))")
        }
        guard let delay = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(
                .invalidValue,
                "app:after(seconds, fn) needs a finite number of seconds, at most 1e12 (got \((try? call.describe(at: 2)).map { String(decoding: $0, as: UTF8.self) } ?? "a number"))"
            )
        }
        guard let function = call.function(at: 3) else {
            throw SimError(.invalidValue, "app:after(seconds, fn) needs a function to run, e.g. app:after(1.5, function(app) ... end) (got \(call.typeName(at: 3)))")
        }
        // The function runs at its event as the app's code, through the same path as hooks.
        // Where it was armed (`model.lua:4`) tells a repeating timer (Simulator.settle).
        var site = call.location()
        if site.hasSuffix(": ") { site.removeLast(2) }
        let id = try simulator.scheduleTask(after: delay, site: site.isEmpty ? nil : site) { [unowned(unsafe) self] _ in
            runAppCode(HookCall.Direct(functions: [function], arguments: [appValue]))
        }
        return [.handle(LuaHandle(classes.task, id: Int64(id.rawValue)))]
    }
}
