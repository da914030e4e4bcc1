import ByteText
import LuaKit
import SceneSimCore

// Background tasks and refreshes (scenarios/README.md, "Background time"): app:begin_background_task
// returns a handle whose expiration handler runs as the app's code; app:schedule_refresh asks
// for a background launch that sim.system.refresh runs.
extension ScriptHost {
    /// A background task handle's fields, named as scripts read them; `__index` answers exactly these.
    enum BackgroundTaskField: String, CaseIterable {
        case id, name, status
    }
    package static let backgroundTaskFields = BackgroundTaskField.allCases.map(\.rawValue)
    /// Its methods (`task:finish()`), for completion; the class asserts it has exactly these.
    package static let backgroundTaskMethods = ["finish"]

    package func backgroundTaskValue(_ id: BackgroundTaskID) -> LuaValue {
        .handle(LuaHandle(classes.backgroundTask, id: Int64(id.rawValue)))
    }

    func defineBackgroundTaskClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.BackgroundTask")
        definition.toString = { [unowned(unsafe) self] id in
            let task = BackgroundTaskID(rawValue: Int(id))
            guard let simulator, let ref = try? simulator.backgroundTaskRef(task), let status = try? simulator.backgroundTaskStatus(task) else { return "background task" }
            return "\(ref) (\(status.rawValue))"
        }
        definition.getField = { [unowned(unsafe) self] call, id, key in
            guard let simulator else { return .values(0) }
            let task = BackgroundTaskID(rawValue: Int(id))
            switch BackgroundTaskField(rawValue: key.escaped) {
            case .id: return call.results(.integer(id))
            case .name:
                do throws(SimError) { return call.results(.string(try simulator.backgroundTaskRef(task).name)) } catch { return .error(error.message) }
            case .status:
                do throws(SimError) { return call.results(.string(ByteString(try simulator.backgroundTaskStatus(task).rawValue))) } catch { return .error(error.message) }
            case nil:
                let hint = suggestion(for: key.escaped, among: Self.backgroundTaskFields + Self.backgroundTaskMethods)
                return .error("background task has no field \"\(key.escaped)\"\(hint); fields are \(Self.spokenList(Self.backgroundTaskFields)), and task:finish() ends it")
            }
        }
        definition.setField = { _, _, key in
            .error("task.\(key.escaped) is read-only; end a background task with task:finish()")
        }
        definition.methods["finish"] = { [unowned(unsafe) self] call, id in
            perform(call) { () throws(SimError) in
                [.boolean(try requireSimulator("task:finish()").finishBackgroundTask(BackgroundTaskID(rawValue: Int(id))))]
            }
        }
        assert(definition.methods.keys.sorted() == Self.backgroundTaskMethods.sorted(), "ScriptHost.backgroundTaskMethods is out of date")
        return lua.defineClass(definition)
    }

    /// app:begin_background_task(name, handler?) → task.
    func appBeginBackgroundTask(_ call: LuaCall, _ simulator: Simulator) throws(SimError) -> [LuaValue] {
        guard let name = call.bytes(at: 2) else {
            throw SimError(
                .invalidValue,
                "app:begin_background_task(name, fn) needs the task's name, e.g. app:begin_background_task(\"upload\", function(app, task) task:finish() end) (got \(call.typeName(at: 2)))"
            )
        }
        var handler: LuaFunctionRef?
        if !call.isNil(at: 3) {
            guard let function = call.function(at: 3) else {
                throw SimError(.invalidValue, "app:begin_background_task(name, fn): the expiration handler must be a function(app, task) (got \(call.typeName(at: 3)))")
            }
            handler = function
        }
        if call.count > 3 {
            throw SimError(.invalidValue, "app:begin_background_task takes a name and an expiration handler (got \(call.count - 1) arguments)")
        }
        let id = try simulator.beginBackgroundTask(
            named: name,
            handler.map { function in
                { [unowned(unsafe) self] _, task in
                    runAppCode(HookCall.Direct(functions: [function], arguments: [appValue, backgroundTaskValue(task)]))
                }
            })
        return [backgroundTaskValue(id)]
    }

    /// app:schedule_refresh(seconds).
    func appScheduleRefresh(_ call: LuaCall, _ simulator: Simulator) throws(SimError) -> [LuaValue] {
        try Self.checkArgumentCount(call, after: 2, "app:schedule_refresh(seconds)")
        guard let seconds = call.number(at: 2) else {
            throw SimError(
                .invalidValue, "app:schedule_refresh(seconds) needs the earliest time from now, in seconds, e.g. app:schedule_refresh(3600) (got \(call.typeName(at: 2)))")
        }
        guard let delay = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(.invalidValue, "app:schedule_refresh(seconds) needs a finite number of seconds, at most 1e12")
        }
        try simulator.scheduleRefresh(after: delay)
        return []
    }

    /// app:keep_running(reason).
    func appKeepRunning(_ call: LuaCall, _ simulator: Simulator) throws(SimError) -> [LuaValue] {
        try Self.checkArgumentCount(call, after: 2, "app:keep_running(reason)")
        guard let reason = call.bytes(at: 2) else {
            throw SimError(.invalidValue, "app:keep_running(reason) needs what keeps the app running, e.g. app:keep_running(\"playing\") (got \(call.typeName(at: 2)))")
        }
        try simulator.keepRunning(reason: reason)
        return []
    }
}
