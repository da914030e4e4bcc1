#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ByteText
import LuaKit
import SceneSimBuiltin
import SceneSimCore
import SceneSimScripting

// `sim.gen` and `sim.explore` (scenarios/README.md, "Exploring"), and the entry the explore
// command drives. The engine (Explore/Engine/engine.lua) is compiled on first use only, so a
// scenario that never explores pays nothing for it.
extension ScriptHostInstaller {
    /// `sim.gen` and `sim.explore`: what `scenesim run`, `test`, `repl` and `explore` give every
    /// scenario (`ScenarioOptions.installing(.explore)`).
    package static let explore = ScriptHostInstaller(name: "explore") { host in host.installExplore() }
}

extension ScriptHost {
    /// What explore keeps in this host (made by `installExplore`, found among what the
    /// host's installers returned).
    var explore: ExploreHostState {
        guard let state = installed(ExploreHostState.self) else {
            fatalError("scenesim: this host was made without ScriptHostInstaller.explore in its options")
        }
        return state
    }

    /// Installs sim.gen and sim.explore: returns what explore keeps in the host.
    func installExplore() -> ExploreHostState {
        let explore = ExploreHostState()
        var natives = LuaTable()
        let functions: [(String, LuaFunctionBody)] = [
            (
                "engine",
                { call in
                    do throws(LuaError) {
                        return call.results(.function(try call.state.load(bytecode: ExploreEngine.bytecode, chunkName: "=explore")))
                    } catch {
                        return .error(error.message)
                    }
                }
            ),
            ("read_module", { [unowned(unsafe) self] in readModule($0) }),
            // After every step, one call: the simulator's own bookkeeping, then the built-in
            // invariants (argument 1: the module's watchdog_ok); the first broken one's label and
            // message, else nothing.
            (
                "checks",
                { [unowned(unsafe) self] call in
                    guard let broken = exploreChecks(watchdogOK: call.truthy(at: 1)) else { return call.results(.nil) }
                    return call.results(.string(ByteString(broken.label)), .string(ByteString(broken.message)))
                }
            ),
            // Argument 1: the call's place in `app_calls` (1-based).
            (
                "accepts",
                { [unowned(unsafe) self] call in
                    guard let simulator, let number = call.int(at: 1), let input = Self.exploreAppCall(number) else {
                        return call.results(.boolean(false))
                    }
                    return call.results(.boolean(simulator.accepts(input)))
                }
            ),
            // Argument 1: the id of the memo whose declared app the engine made rules for
            // (E.warm), if any; true when it is this run's.
            (
                "declared",
                { [unowned(unsafe) self] call in
                    if let known = call.int(at: 1), let memo = runMemo, memo.id == known {
                        return call.results(.boolean(true))
                    }
                    return call.results(declared())
                }
            ),
            // The app's live windows of a kind (a window generator's: 1 live, 2 connected,
            // 3 visible, 4 background), oldest first: as app.sessions filtered by each one's
            // phase and whether it is minimised.
            (
                "windows",
                { [unowned(unsafe) self] call in
                    guard let simulator, let kind = call.int(at: 1), (1...4).contains(kind) else { return call.results(sequence: []) }
                    // Straight from the sessions into the Lua list: no Swift array on the way.
                    return withUnsafeTemporaryAllocation(of: Int64.self, capacity: simulator.sessionCount) { ids in
                        var count = 0
                        simulator.forEachLiveSession { id in
                            if exploreWindow(id, isOfKind: kind, in: simulator) {
                                ids[count] = id.handleID
                                count += 1
                            }
                        }
                        return call.results(handles: UnsafeBufferPointer(rebasing: ids[..<count]), of: classes.window)
                    }
                }
            ),
            // A built-in rule's precondition and argument draws, and its input (ScriptHost+ExploreNative).
            ("try", { [unowned(unsafe) self] in exploreTry($0) }),
            ("run", { [unowned(unsafe) self] in exploreRun($0) }),
            // The draw of a step's rule (ScriptHost+ExploreNative).
            ("pick_rules", { [unowned(unsafe) self, explore] in explorePickRules($0, explore) }),
            ("pick", { [unowned(unsafe) self, explore] in explorePickRule($0, explore) }),
            // A whole step of a built-in rule Swift runs: the draw, the input, the checks.
            ("step", { [unowned(unsafe) self, explore] in exploreStep($0, explore) }),
            ("step_drawn", { [unowned(unsafe) self] in exploreStepDrawn($0) }),
            // Background task `id` (1 through the count begun), for a found scenario's
            // explore.task(id); nil when there is none.
            (
                "task",
                { [unowned(unsafe) self] call in
                    guard let simulator, let id = call.int(at: 1), id >= 1, id <= Int64(simulator.backgroundTaskCount) else {
                        return call.results(.nil)
                    }
                    return call.results(backgroundTaskValue(BackgroundTaskID(rawValue: Int(id))))
                }
            ),
            (
                "is_limit",
                { call in
                    call.results(.boolean(call.bytes(at: 1).map { Self.isMemoryLimit(String(decoding: $0.bytes, as: UTF8.self)) } ?? false))
                }
            ),
            // ` (did you mean "x"?)` for a name among a list of names, else "": the one edit
            // distance of the project, for the engine's messages.
            (
                "suggestion",
                { call in
                    guard let name = call.string(at: 1), let list = call.table(at: 2) else { return call.results(.string("")) }
                    let names = list.sequence.compactMap { $0.bytesValue.map { String(decoding: $0.bytes, as: UTF8.self) } }
                    return call.results(.string(ByteString(suggestion(for: name, among: names))))
                }
            ),
        ]
        for (name, body) in functions {
            natives[.string(ByteString(name))] = .function(lua.makeFunction(body))
        }
        // A run's loop runs without the count hook, calling the module's code counted (the
        // engine's "Counted and uncounted code"); with every library open (--allow-io), the
        // debug library can reach the engine's values, so the loop stays counted too.
        let (uncounted, counted) = lua.makeUncountedFunctions()
        natives[field: "advance_seconds"] = .table(
            LuaTable(
                sequence: Self.exploreAdvanceSeconds.map {
                    $0.rounded() == $0 ? .integer(Int64($0)) : .number($0)
                }))
        natives[field: "revoke_users"] = .table(LuaTable(sequence: Self.exploreRevokeUsers.map { .string(ByteString($0)) }))
        natives[field: "string_values"] = .table(LuaTable(sequence: Self.exploreStringValues.map { .string(ByteString($0)) }))
        natives[field: "app_calls"] = .table(LuaTable(sequence: Self.exploreAppCalls.map { .string(ByteString($0.name)) }))
        natives[field: "counted"] = .function(counted)
        if !options.allowIO { natives[field: "uncounted"] = .function(uncounted) }
        // `__index` of sim.gen, sim.explore and a found scenario's `explore` (ScriptHost+Fields).
        natives[field: "gen_fields"] = fieldGuard("sim.gen")
        natives[field: "explore_fields"] = fieldGuard("sim.explore")
        natives[field: "checker_fields"] = fieldGuard("explore")
        do {
            let results = try lua.run(ExploreEngine.installer, chunkName: "=explore")
            guard case .function(let install)? = results.first else { fatalError("scenesim: installing sim.explore gave no installer") }
            let installed = try lua.call(install, [.table(natives)])
            guard installed.count == 4, case .function(let drive) = installed[0], case .function(let doing) = installed[1],
                case .function(let prepare) = installed[2], case .function(let warm) = installed[3]
            else {
                fatalError("scenesim: installing sim.explore gave no driver")
            }
            explore.driver = drive
            explore.doing = doing
            explore.prepare = prepare
            explore.warm = warm
        } catch {
            fatalError("scenesim: installing sim.explore failed: \(error)")
        }
        return explore
    }

    /// Whether an error a protected call caught is a memory limit: Lua's own (raised by the
    /// allocator, with no location) or the simulator's records passing `--max-memory`.
    static func isMemoryLimit(_ message: String) -> Bool {
        LuaError.isMemoryLimitMessage(message) || message.contains("would pass the memory limit (")
    }

    /// The declared scenes and routes, for the built-in rules' arguments; the platform, the
    /// model's intents, suspension, background refresh and the model's `on_refresh`, for which
    /// built-in rules apply at all.
    private func declared() -> LuaValue {
        guard let simulator else { return .nil }
        // The same options launched the same app (LaunchMemo): the same declared app.
        if let memo = runMemo {
            if let declared = memo.declared { return declared }
            let declared = declaredApp(simulator)
            launchMemo?.declared = declared
            return declared
        }
        return declaredApp(simulator)
    }

    /// The launch memo, when this run's app was launched from it.
    private var runMemo: LaunchMemo? {
        guard let simulator, let memo = launchMemo, memo.config == simulator.config else { return nil }
        return memo
    }

    private func declaredApp(_ simulator: Simulator) -> LuaValue {
        let config = simulator.config
        let scenes = config.scenes.map { scene in
            var entry = LuaTable(fields: ["id": .string(ByteString(scene.id)), "kind": .string(ByteString(scene.kind.rawValue))])
            if let type = scene.valueType { entry[field: "value"] = .string(ByteString(type == .integer ? "integer" : "string")) }
            // Its declared SceneStorage keys: the built-in storage_write writes only those.
            if let keys = scene.keys { entry[field: "keys"] = .table(LuaTable(sequence: keys.map { .string(ByteString($0)) })) }
            return LuaValue.table(entry)
        }
        let routes = config.routes.keys.sorted().map { name in
            LuaValue.table(LuaTable(fields: ["name": .string(ByteString(name)), "scene": .string(ByteString(config.routes[name]!))]))
        }
        var fields: [String: LuaValue] = [
            "platform": .string(ByteString(config.platform.rawValue)),
            "scenes": .table(LuaTable(sequence: scenes)),
            "routes": .table(LuaTable(sequence: routes)),
            "intents": .table(LuaTable(sequence: simulator.model.intents.sorted().map { .string(ByteString($0)) })),
            "refresh": .boolean(config.hasBackgroundRefresh),
            "on_refresh": .boolean(simulator.model.refreshCode != nil),
            "on_push": .boolean(simulator.model.pushCode != nil),
            "on_transfer": .boolean(simulator.model.transferCode != nil),
            // Calls the app's OS version has (semantics 14.1): below, they are errors.
            "open_window": .boolean(config.platform.openWindowOS.map { config.os >= $0 } ?? true),
            "dismiss_window": .boolean(config.platform.dismissWindowOS.map { config.os >= $0 } ?? true),
            "on_protected_data": .boolean(simulator.model.protectedDataCode != nil),
            // The external events the app's code answers (semantics 12): their rules apply then.
            "activities": .boolean(
                simulator.model.activityCode != nil || simulator.model.scenesTakeActivities
                    || config.scenes.contains { !($0.matching ?? []).isEmpty }),
            "notifications": .boolean(simulator.model.notificationCode != nil),
            "shortcuts": .boolean(simulator.model.shortcutCode != nil),
            // The model's or a scene's on_memory_warning, the model's on_restore_value (semantics
            // 11.10, 5.6): memory warnings and updates apply then.
            "memory_warning": .boolean(simulator.model.hearsMemoryWarnings),
            "on_restore_value": .boolean(simulator.model.restoreValueCode != nil),
            "on_should_quit": .boolean(simulator.model.shouldQuitCode != nil),
            // Whether the app's code can ask the server (semantics 8.3), which alone the
            // network and the server's revocations reach: the built-in model and a Swift one
            // do (a Swift model's code cannot be read); a Lua model when a function of its, or
            // of its scenes, names `server` (sim.server.validate), or one it reaches does.
            "server": .boolean(
                simulator.model.isBuiltin || swiftModelName != nil
                    || appCode.contains { lua.functionNames($0, "server") }),
        ]
        if let delay = config.suspendDelay { fields["suspend_after"] = .number(delay.seconds) }
        return .table(LuaTable(fields: fields))
    }

    /// `sim.explore.load(path)`'s file: a path relative to the running scenario's folder (the
    /// current directory when none is known), read as text; returns source and chunk name, or
    /// nil and a message. From then on `require` looks in the module's `lib/`. The explore
    /// command's own module (argument 2 true) is the user's choice; a script's follows
    /// `require`'s rules (see `mayLoad`).
    private func readModule(_ call: LuaCall) -> LuaReturn {
        guard let bytes = call.bytes(at: 1) else {
            return call.results(.nil, .string("sim.explore.load(path) takes the path of an exploration module"))
        }
        let path = String(decoding: bytes.bytes, as: UTF8.self)
        let resolved = ModulePath.resolve(path, from: scenarioDirectory)
        let chosenByTheUser = call.value(at: 2) == .boolean(true)
        guard chosenByTheUser || options.allowIO || mayLoad(resolved, given: bytes.bytes) else {
            // Nothing about the file: not its path (the call's line says which), whether it
            // exists, nor a byte of it.
            return call.results(.nil, .string(ByteString(Self.outsideMessage)))
        }
        let cannotRead = ByteString(
            "sim.explore.load: cannot read the exploration module \(ByteString(resolved).escaped) (given as \"\(ByteString(bytes.bytes).escaped)\"); the path is relative to the scenario's folder"
        )
        let data: [UInt8]
        if chosenByTheUser || options.allowIO {
            guard let contents = FileManager.default.contents(atPath: resolved) else { return call.results(.nil, .string(cannotRead)) }
            data = Array(contents)
        } else {
            // The path's text passed; now the file opened must too (issue 43: a link in the
            // suite could lead anywhere, to a FIFO or to /dev/zero).
            switch ContainedFile.read(
                resolved,
                inside: Self.sandboxRoots(scenarioDirectory: scenarioDirectory, moduleRoot: options.moduleRoot, currentDirectory: FileManager.default.currentDirectoryPath))
            {
            case .success(let bytes):
                data = bytes
            case .failure(.missing), .failure(.failed):
                return call.results(.nil, .string(cannotRead))
            case .failure(.outside):
                return call.results(.nil, .string(ByteString(Self.linkOutsideMessage)))
            case .failure(.notRegular):
                return call.results(
                    .nil,
                    .string(
                        ByteString(
                            "sim.explore.load: the exploration module \(ByteString(resolved).escaped) is not a regular file (a FIFO, a device or a socket); modules are read only from regular files"
                        )))
            case .failure(.tooLarge):
                return call.results(
                    .nil,
                    .string(
                        ByteString(
                            "sim.explore.load: the exploration module \(ByteString(resolved).escaped) is larger than \(ContainedFile.maxBytes >> 20) MiB, the most scenesim reads from one file; make it smaller"
                        )))
            }
        }
        // The module's `require`s find its helpers as under `scenesim explore`: in the `lib/`
        // beside it (or above it), wherever the scenario that loads it was written (--out).
        do throws(LuaError) {
            try lua.setModuleDirectory(ScenarioRunner.moduleDirectory(for: resolved))
        } catch {
            return .error(error.message)
        }
        return call.results(.string(ByteString(data)), .string(ByteString(resolved)))
    }

    static let outsideMessage =
        "sim.explore.load: a scenario loads exploration modules (.lua files) only from its own folder, its lib/ folder and its suite (the folder scenesim test runs, or the current directory), as require does; this path is outside them. Move the module there, or run with --allow-io to load one from anywhere"

    static let linkOutsideMessage =
        "sim.explore.load: the exploration module leads outside the scenario's folder, its lib/ folder and its suite through a symbolic link, and a scenario loads modules only from inside them; put the module itself there, or run with --allow-io to load one from anywhere"

    /// Whether a script may load `resolved` without `--allow-io`: a `.lua` file under the
    /// scenario's folder, the `lib/` folder `require` reads, or the suite's root, decided from
    /// the path alone (no file is touched, so a refusal tells nothing about what exists).
    private func mayLoad(_ resolved: String, given: [UInt8]) -> Bool {
        guard !given.contains(0), resolved.hasSuffix(".lua") else { return false }
        return Self.sandboxAllows(
            resolved, scenarioDirectory: scenarioDirectory, moduleRoot: options.moduleRoot,
            currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// Whether the sandbox lets a scenario in `scenarioDirectory` (nil: the REPL's current
    /// directory) whose suite is `moduleRoot` load the module at `path`: under the scenario's
    /// folder, the `lib/` folder `require` reads, or the suite's root.
    package static func sandboxAllows(_ path: String, scenarioDirectory: String?, moduleRoot: String?, currentDirectory current: String) -> Bool {
        let target = ModulePath.absolute(path, currentDirectory: current)
        let roots = sandboxRoots(scenarioDirectory: scenarioDirectory, moduleRoot: moduleRoot, currentDirectory: current)
        return roots.contains { ModulePath.contains($0, target) }
    }

    /// The folders (absolute) a script's modules may come from: the scenario's folder (nil: the
    /// REPL's current directory), the `lib/` folder `require` reads, and the suite's root.
    static func sandboxRoots(scenarioDirectory: String?, moduleRoot: String?, currentDirectory current: String) -> [String] {
        let folder = scenarioDirectory ?? ""
        var roots = [folder, ScenarioRunner.moduleDirectory(for: (folder.isEmpty ? "" : folder + "/") + "scenario.lua")]
        if let moduleRoot { roots.append(moduleRoot) }
        if scenarioDirectory == nil { roots.append(current) }
        return roots.map { ModulePath.absolute($0.isEmpty ? "." : $0, currentDirectory: current) }
    }

    /// Loads the exploration engine and compiles the module at `path`, as the first run would,
    /// then copies the state (`LuaState.takeSnapshot`), so `resetRun()` can bring it back for
    /// the next run. False when the snapshot could not be taken. (A module that cannot be read
    /// or compiled is left for the run to report.)
    package func prepareRuns(path: String) throws(LuaError) -> Bool {
        try lua.call(explore.prepare, [.string(ByteString(path))])
        return lua.takeSnapshot() != nil
    }

    /// Once per host, after its first run, with the state restored: opens the module at `path`
    /// and makes the rules of the app that run declared (`E.warm`), then takes the state's
    /// snapshot again, so every later run starts past that work. Kept only if the module's
    /// loading left the host as a run finds it (`isAsARunFindsIt`): code that launched the app,
    /// set the network or the seed must run in each run. Otherwise, or when the engine could
    /// not do it, the state is restored as before. Nil once it ran for this host.
    package func warmUp(path: String) -> WarmUp? {
        guard !explore.warmed else { return nil }
        explore.warmed = true
        var arguments: [LuaValue] = [.string(ByteString(path))]
        if let memo = launchMemo, let declared = memo.declared {
            arguments += [declared, .integer(Int64(memo.id))]
        }
        let opened = (try? lua.call(explore.warm, arguments))?.first == .boolean(true)
        if opened && isAsARunFindsIt && lua.retakeSnapshot() != nil { return .kept }
        return resetRun() ? .undone : .unusable
    }

    /// What `warmUp(path:)` did.
    package enum WarmUp {
        /// Every later run starts past the work.
        case kept
        /// The state is restored as before: each run does the work itself.
        case undone
        /// The state could not be restored: the host must be dropped.
        case unusable
    }

    /// How often each rule's precondition held and how often it was drawn in Swift
    /// (`native.pick`, `native.step`) in the last run, in the run's rule order; nil for a run
    /// that drew none there (a replay). ExplorationRunner adds them to the engine's counts.
    package var swiftDrawCounts: (enabled: [Int64], tried: [Int64])? {
        explore.pick.drawing ? (explore.pick.enabled, explore.pick.tried) : nil
    }

    /// One run of the exploration module at `path` (see ExplorationRunner).
    package func drive(path: String, seed: Int64, maxSteps: Int, replay: LuaValue, keepSteps: Bool) throws(LuaError) -> LuaValue {
        // Until the run registers its rules with native.pick, there are no counts of its there.
        explore.pick.drawing = false
        do {
            return try lua.call(explore.driver, [.string(ByteString(path)), .integer(seed), .integer(Int64(maxSteps)), replay, .boolean(keepSteps)]).first ?? .nil
        } catch {
            // No protected call absorbs a limit: it is raised again where the engine caught
            // it, so its message names the engine's line. Say what the engine was doing.
            guard error.kind == .instructionLimit || error.kind == .memory, let said = (try? lua.call(explore.doing))?.first else { throw error }
            // False while native.step runs a rule's input: the host knows which.
            let doing: String
            if let bytes = said.bytesValue {
                doing = String(decoding: bytes.bytes, as: UTF8.self)
            } else if case .boolean(false) = said, let running = exploreStepDoing {
                doing = running
            } else {
                throw error
            }
            var located = error
            located.message = "while \(doing): \(error.message)"
            throw located
        }
    }
}

/// What a host keeps for explore across its runs (what `ScriptHostInstaller.explore` returns,
/// made by `installExplore` and kept by `resetRun`): the engine's entry points, whether the
/// warm-up ran, and the rules the run under way draws among in Swift with what `native.step`
/// drew last.
final class ExploreHostState {
    /// Runs one exploration run (`drive`).
    var driver: LuaFunctionRef!
    /// Tells what the engine was doing when a run stopped.
    var doing: LuaFunctionRef!
    /// Loads the engine and compiles the explore command's module (before a snapshot of the
    /// state; see `prepareRuns`).
    var prepare: LuaFunctionRef!
    /// Opens the module and makes the declared app's rules once a first run is over (see
    /// `warmUp(path:)`).
    var warm: LuaFunctionRef!
    /// Whether `warmUp(path:)` ran (it runs once per host, kept or not).
    var warmed = false
    /// The rules the exploration under way draws among in Swift (`native.pick`), registered by
    /// each run (ScriptHost+ExploreNative), which zeroes their counts.
    var pick = ExplorePick()
    /// What `native.step` drew last (the rule's place in the list, 0-based, its draws and the
    /// stream's state after them), when it went on to run the rule's input; read only while
    /// one is under way.
    var stepLast: (rule: Int, drawn: ExploreDrawn, state: UInt64)?
}

extension ScriptHost {
    /// The engine's app-level rules whose precondition is the core's own `validate`: each
    /// rule's name and input, in the order `native.app_calls` gives the engine
    /// (`native.accepts` takes a place in it).
    static let exploreAppCalls: [(name: String, input: SimInput)] = [
        ("launch", .launch), ("background", .background), ("foreground", .foreground),
        ("switcher", .switcher), ("interrupt", .interrupt), ("resume", .resume),
        ("terminate_system", .terminate(.system)), ("terminate_user", .terminate(.user)),
        ("terminate_crash", .terminate(.crash)), ("terminate_force", .terminate(.force)), ("refresh", .refresh),
        ("hide", .hide), ("reopen", .reopen), ("push_silent", .push(SceneStorage())), ("transfer_done", .transferDone(ByteString("explore"))),
        ("memory_warning", .memoryWarning), ("update", .update(version: "2.0")),
        ("reply_to_quit_true", .replyToQuit(true)), ("reply_to_quit_false", .replyToQuit(false)),
        ("lock_device", .lock), ("unlock_device", .unlock), ("prewarm", .prewarm),
    ]

    /// The input of app-level call `number` (its 1-based place in `exploreAppCalls`, as
    /// `native.app_calls` lists them), if there is one.
    static func exploreAppCall(_ number: Int64) -> SimInput? {
        number >= 1 && number <= Int64(exploreAppCalls.count) ? exploreAppCalls[Int(number) - 1].input : nil
    }
}
