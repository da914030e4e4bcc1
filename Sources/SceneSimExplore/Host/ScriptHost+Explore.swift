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
            // Argument 1: the memo id of the declared app E.warm made the rules for, if any.
            // Makes the built-in rules of this run's declared app (BuiltinRules.swift) unless
            // they are made; true when they are the warmed ones.
            (
                "declared",
                { [unowned(unsafe) self, explore] call in
                    guard let simulator else { return call.results(.nil) }
                    let memo = runMemo
                    if memo == nil || explore.builtins.memoID != memo?.id || explore.builtins.declared == nil {
                        explore.builtins.make(for: exploreDeclared(simulator), memoID: memo?.id)
                    }
                    return call.results(.boolean(memo != nil && call.int(at: 1) == Int64(memo!.id)))
                }
            ),
            // The built-in rules made for the app (native.declared), each as engine.lua makes its
            // rule of it; then the scenes (by id: their value's kind, their SceneStorage keys)
            // and the routes (by name: their scene), which the rules engine.lua runs read.
            ("builtin_specs", { [explore] call in call.results(Self.builtinSpecs(explore.builtins)) }),
            // The names of the built-in rules this run takes: every one the app takes, or the
            // module's list (argument 1) checked; argument 2 the module's background_tasks.
            // For a listed rule the app can never take: false, its name and why.
            (
                "builtin_rules",
                { [explore] call in
                    guard let app = explore.builtins.declared else { return call.results(sequence: []) }
                    if let listed = call.table(at: 1) {
                        for value in listed.sequence {
                            guard let name = value.bytesValue.map({ String(decoding: $0.bytes, as: UTF8.self) }) else { continue }
                            if let why = ExploreBuiltinRule.cannotTake(name, app) {
                                return call.results(.boolean(false), .string(ByteString(name)), .string(ByteString(why)))
                            }
                        }
                        return call.results(.table(listed))
                    }
                    // The same rules and the same background_tasks as the last run's: the same names.
                    let tasks = call.bool(at: 2)
                    if let taken = explore.taken, taken.generation == explore.builtins.generation, taken.tasks == tasks {
                        return call.results(sequence: taken.names)
                    }
                    let names = explore.builtins.ordered.filter { $0.isTaken(backgroundTasks: tasks, by: app) }.map { LuaValue.string(ByteString($0.name)) }
                    explore.taken = (explore.builtins.generation, tasks, names)
                    return call.results(sequence: names)
                }
            ),
            // Whether the precondition of the built-in rule named by argument 1 holds now.
            (
                "holds",
                { [unowned(unsafe) self, explore] call in
                    guard let simulator, let name = call.string(at: 1), let rule = explore.builtins[name],
                        let holds = explorePrecondition(rule.precondition, simulator)
                    else { return call.results(.boolean(false)) }
                    return call.results(.boolean(holds))
                }
            ),
            // The app's live windows of a kind (a window generator's: "live", "connected",
            // "visible" or "background"), oldest first: as app.sessions filtered by each one's
            // phase and whether it is minimised.
            (
                "windows",
                { [unowned(unsafe) self] call in
                    guard let simulator, let kind = call.withBytes(at: 1, { ExploreWindowKind(utf8: $0) }) ?? nil else { return call.results(sequence: []) }
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
            ("try", { [unowned(unsafe) self, explore] in exploreTry($0, explore) }),
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
        natives[field: "string_values"] = .table(LuaTable(sequence: ExploreBuiltinRule.stringValues.map { .string(ByteString($0)) }))
        natives[field: "builtin_names"] = .table(LuaTable(sequence: ExploreBuiltinRule.names.map { .string(ByteString($0)) }))
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

    /// The launch memo, when this run's app was launched from it.
    private var runMemo: LaunchMemo? {
        guard let simulator, let memo = launchMemo, memo.config == simulator.config else { return nil }
        return memo
    }

    /// The declared app, as the built-in rules read it (ExploreDeclared).
    private func exploreDeclared(_ simulator: Simulator) -> ExploreDeclared {
        let config = simulator.config
        return ExploreDeclared(
            platform: config.platform,
            scenes: config.scenes.map { .init(id: $0.id, isSettings: $0.kind == .settings, value: $0.valueType, keys: $0.keys) },
            routes: config.routes.keys.sorted().map { .init(name: $0, scene: config.routes[$0]!) },
            intents: Set(simulator.model.intents),
            refresh: config.hasBackgroundRefresh,
            onRefresh: simulator.model.refreshCode != nil,
            // The external events the app's code answers (semantics 12): their rules apply then.
            activities: simulator.model.activityCode != nil || simulator.model.scenesTakeActivities
                || config.scenes.contains { !($0.matching ?? []).isEmpty },
            notifications: simulator.model.notificationCode != nil,
            // Whether the app's code can ask the server (semantics 8.3), which alone the
            // network and the server's revocations reach: the built-in model and a Swift one
            // do (a Swift model's code cannot be read); a Lua model when a function of its, or
            // of its scenes, names `server` (sim.server.validate), or one it reaches does.
            server: simulator.model.isBuiltin || swiftModelName != nil || appCode.contains { lua.functionNames($0, "server") },
            suspendAfter: config.suspendDelay?.seconds,
            onPush: simulator.model.pushCode != nil, onTransfer: simulator.model.transferCode != nil,
            // Calls the app's OS version has (semantics 14.1): below, they are errors.
            openWindow: config.platform.openWindowOS.map { config.os >= $0 } ?? true,
            dismissWindow: config.platform.dismissWindowOS.map { config.os >= $0 } ?? true,
            onProtectedData: simulator.model.protectedDataCode != nil, shortcuts: simulator.model.shortcutCode != nil,
            // The model's or a scene's on_memory_warning, the model's on_restore_value.
            memoryWarning: simulator.model.hearsMemoryWarnings, onRestoreValue: simulator.model.restoreValueCode != nil,
            onShouldQuit: simulator.model.shouldQuitCode != nil)
    }

    /// `native.builtin_specs()`'s results (see there).
    private static func builtinSpecs(_ builtins: ExploreBuiltins) -> [LuaValue] {
        func lua(_ value: ExploreValue) -> LuaValue {
            switch value {
            case .string(let text): .string(ByteString(text))
            case .integer(let number): .integer(number)
            case .number(let number): .number(number)
            case .boolean(let flag): .boolean(flag)
            }
        }
        let specs = builtins.ordered.map { rule in
            // (A whole weight is a Lua integer, as the engine's own were.)
            let weight: LuaValue = rule.weight.rounded() == rule.weight ? .integer(Int64(rule.weight)) : .number(rule.weight)
            var spec = LuaTable(fields: ["name": .string(ByteString(rule.name)), "weight": weight])
            if let pre = rule.precondition.luaName { spec[field: "pre"] = .string(ByteString(pre)) }
            spec[field: "args"] = .table(
                LuaTable(
                    sequence: rule.arguments.map { key, generator in
                        var arg = LuaTable(fields: ["key": .string(ByteString(key))])
                        switch generator {
                        case .window(let kind): (arg[field: "kind"], arg[field: "of"]) = (.string("window"), .string(ByteString(kind.rawValue)))
                        case .oneOf(let values): (arg[field: "kind"], arg[field: "values"]) = (.string("one_of"), .table(LuaTable(sequence: values.map(lua))))
                        case .places(let n): (arg[field: "kind"], arg[field: "values"]) = (.string("one_of"), .table(LuaTable(sequence: (1...max(1, n)).map { .integer($0) })))
                        case .bool: arg[field: "kind"] = .string("bool")
                        case .int(let lo, let hi): (arg[field: "kind"], arg[field: "lo"], arg[field: "hi"]) = (.string("int"), .integer(lo), .integer(hi))
                        }
                        return .table(arg)
                    }))
            if case .lua = rule.action {} else { spec[field: "swift_runs"] = .boolean(true) }
            switch rule.statement {
            case .fixed(let text): spec[field: "statement"] = .string(ByteString(text))
            case .window(let text): spec[field: "window_statement"] = .string(ByteString(text))
            case .lua: break
            }
            if let seconds = rule.seconds { spec[field: "seconds"] = .number(seconds) }
            return LuaValue.table(spec)
        }
        var scenes = LuaTable(), routes = LuaTable()
        for scene in builtins.declared?.scenes ?? [] {
            var entry = LuaTable()
            if let type = scene.value { entry[field: "value"] = .string(type == .integer ? "integer" : "string") }
            if let keys = scene.keys { entry[field: "keys"] = .table(LuaTable(sequence: keys.map { .string(ByteString($0)) })) }
            scenes[field: scene.id] = .table(entry)
        }
        for route in builtins.declared?.routes ?? [] { routes[field: route.name] = .string(ByteString(route.scene)) }
        return [.table(LuaTable(sequence: specs)), .table(scenes), .table(routes)]
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
        if let memo = launchMemo, explore.builtins.declared != nil, explore.builtins.memoID == memo.id {
            arguments.append(.integer(Int64(memo.id)))
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
    /// The built-in rules made for the declared app of the run under way (`native.declared`).
    var builtins = ExploreBuiltins()
    /// `native.builtin_rules`' names of the rules the app takes, for the rules of `generation`
    /// and the module's background_tasks `tasks` (each run asks again).
    var taken: (generation: Int, tasks: Bool?, names: [LuaValue])?
}
