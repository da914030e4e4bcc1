import ByteText
import LuaKit
import SceneSimCore

// The `sim` global: the device (scenarios/README.md, "sim — the device").
extension ScriptHost {
    func installSim() {
        var sim = LuaTable()
        let functions: [(String, LuaFunctionBody)] = [
            ("launch", { [unowned(unsafe) self] in simLaunch($0) }),
            ("now", { [unowned(unsafe) self] call in call.results(.number(simulator?.now.seconds ?? 0)) }),
            ("network", { [unowned(unsafe) self] in simNetwork($0) }),
            ("log", { [unowned(unsafe) self] in simLog($0) }),
            ("seed", { [unowned(unsafe) self] in simSeed($0) }),
            ("url", { [unowned(unsafe) self] in simURL($0) }),
            ("extend", { [unowned(unsafe) self] in simExtend($0) }),
            ("swift_handlers", { [unowned(unsafe) self] in simSwiftHandlers($0) }),
        ]
        for (name, body) in functions {
            sim[.string(ByteString(name))] = .function(lua.makeFunction(body))
        }
        for kind in Self.inputKinds(prefix: "sim.") {
            let send = inputFunction(kind, what: kind.scriptName)
            sim[.string(ByteString(Self.functionName(kind)))] = .function(lua.makeFunction { send($0, 0) })
        }
        var server = LuaTable()
        server[.string("revoke")] = .function(lua.makeFunction { [unowned(unsafe) self] in serverRevoke($0) })
        server[.string("create_session")] = .function(lua.makeFunction { [unowned(unsafe) self] in serverCreateSession($0) })
        server[.string("validate")] = .function(lua.makeFunction { [unowned(unsafe) self] in serverValidate($0) })
        server[.string("end_session")] = .function(lua.makeFunction { [unowned(unsafe) self] in serverEndSession($0) })
        sim[.string("server")] = .table(server)
        // The system's own actions on the app (semantics 11.4): `sim.system.refresh(app)`.
        var system = LuaTable()
        for kind in Self.inputKinds(prefix: "sim.system.") {
            let send = inputFunction(kind, what: kind.scriptName + "(app)")
            system[.string(ByteString(Self.functionName(kind)))] = .function(lua.makeFunction { send($0, 0) })
        }
        sim[.string("system")] = .table(system)
        // A LuaValue table is a copy: preload it, then make the global the very table
        // `require "scenesim"` returns, so both name one simulator. `sim.app` is a plain field
        // of that table, set by sim.launch through a setter that holds the table and `rawset`,
        // whatever the script does to its globals later.
        lua.preload("scenesim", .table(sim))
        do {
            let results = try lua.run(
                """
                sim = require "scenesim"
                local sim, rawset, setmetatable = sim, rawset, setmetatable
                return function(app) rawset(sim, "app", app) end, function(guard, server, system)
                  setmetatable(sim, { __index = guard })
                  setmetatable(sim.server, { __index = server })
                  setmetatable(sim.system, { __index = system })
                end
                """, chunkName: "=scenesim")
            guard results.count == 2, case .function(let setter) = results[0], case .function(let guardFields) = results[1] else {
                fatalError("scenesim: installing sim gave no setter")
            }
            setSimApp = setter
            // Unknown fields are errors (ScriptHost+Fields.swift); sim.gen and sim.explore are
            // set by their installer (SceneSimExplore's ScriptHostInstaller.explore).
            _ = try lua.call(guardFields, [fieldGuard("sim", absent: ["app"]), fieldGuard("sim.server"), fieldGuard("sim.system")])
        } catch {
            fatalError("scenesim: installing sim failed: \(error)")
        }
    }

    /// The simulator, or an error telling the script to launch first.
    /// `what` is built only for the error: handle methods call this on every use.
    package func requireSimulator(_ what: @autoclosure () -> String) throws(SimError) -> Simulator {
        guard let simulator else {
            throw SimError(.notRunning, "\(what()) needs the app: call sim.launch{ ... } first")
        }
        return simulator
    }

    private func simLaunch(_ call: LuaCall) -> LuaReturn {
        if let simulator {
            return .error(
                "sim.launch: the app is already declared (\(simulator.launchCount) \(simulator.launchCount == 1 ? "launch" : "launches") so far); sim.launch runs once per scenario: to start the app again after app:terminate(), call app:launch()"
            )
        }
        // `sim.launch(require "mymodel")`: require also returns where it found the module (its
        // file's path), which is not a second option.
        let requiresPath = call.count == 2 && call.value(at: 2).bytesValue?.hasSuffix(".lua") == true
        if call.count > 1 && !requiresPath {
            return .error("sim.launch takes one table of options, e.g. sim.launch{ platform = \"ipados\" } (got \(call.count) arguments)")
        }
        return perform(call) { () throws(SimError) in
            let given = call.value(at: 1)
            var parser: ConfigParser
            let config: AppConfig
            if let memo = launchMemo, given.isSmallData, memo.options == given {
                (parser, config) = (memo.parser, memo.config)
            } else {
                parser = ConfigParser(host: self)
                parser.reservedNames = Self.appMethods + Self.appFields
                parser.models = options.models
                parser.defaultPlatform = options.platform
                config = try parser.parse(given)
                launchMemos += 1
                launchMemo = LaunchMemo(options: given, parser: parser, config: config, id: launchMemos)
            }
            let model = appModel(parser)
            recording?.modelName = parser.modelName
            let simulator = try Simulator(config: config, model: model)
            // The simulator's records get a budget of their own, as large as Lua's heap.
            simulator.memoryBudget = options.maxMemory
            // Its work that grows with the windows is charged to the instruction limit of the
            // script's call that asked for it, and stops at the limit or at Ctrl-C.
            simulator.workMeter = { [unowned(unsafe) self] units in lua.chargeWork(units) }
            simulator.isTracing = true
            simulator.tracesMemoryWrites = options.tracesMemory
            simulator.onHandlerPoint = { [unowned(unsafe) self] in reached($0) }
            simulator.onQueuedInput = { [unowned(unsafe) self] in willRunQueued($0) }
            if !networkBeforeLaunch { try simulator.setNetwork(reachable: false) }
            // sim.app first: if even that fails (the memory limit), nothing is declared.
            do throws(LuaError) {
                try lua.call(setSimApp, [appValue])
            } catch {
                throw SimError(.invalidConfig, "sim.launch: \(error.message)")
            }
            self.simulator = simulator
            // Its events are written as they happen (those of the network setting above first).
            simulator.traceSink = { [unowned(unsafe) self] in traced($0) }
            swiftModelName = parser.swiftModelName
            effectFunctions = parser.effects
            appCode = parser.appCode
            try simulator.launch()
            return [appValue]
        }
    }

    private func simNetwork(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            if !call.isNil(at: 1) {
                guard let up = call.bool(at: 1) else {
                    throw SimError(.invalidValue, "sim.network(up) takes true or false (got \(call.typeName(at: 1))); call sim.network() to read the current value")
                }
                if let simulator { try simulator.setNetwork(reachable: up) } else { networkBeforeLaunch = up }
            }
            return [.boolean(simulator?.isNetworkReachable ?? networkBeforeLaunch)]
        }
    }

    private func simLog(_ call: LuaCall) -> LuaReturn {
        let text: ByteString
        do throws(LuaError) {
            text = ByteString(try call.describeAll().joined(separator: [UInt8(ascii: " ")]))
        } catch {
            return .error(error.message, location: .none)
        }
        if let simulator {
            simulator.note(text)
        } else {
            // Before sim.launch there is no device clock yet: notes stand at time zero.
            writeTrace(TraceRecord(time: .zero, event: .note(text)))
        }
        return .values(0)
    }

    private func simSeed(_ call: LuaCall) -> LuaReturn {
        if !call.isNil(at: 1) {
            guard call.isInteger(at: 1), let n = call.int(at: 1) else {
                return .error("sim.seed(n) takes an integer seed (got \(call.typeName(at: 1)) \((try? call.describe(at: 1)).map { String(decoding: $0, as: UTF8.self) } ?? ""))")
            }
            seed = n
            lua.seedRandom(n)
        }
        return call.results(.integer(seed))
    }

    private func serverRevoke(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            guard let user = call.bytes(at: 1), !user.isEmpty else {
                throw SimError(.invalidValue, "sim.server.revoke(user) needs a user name string, e.g. sim.server.revoke(\"ada\") (got \(call.typeName(at: 1)))")
            }
            try requireSimulator("sim.server.revoke").revokeSessions(of: user)
            return []
        }
    }
}

/// What sim.launch made of its options, for the next sim.launch given equal ones (explore
/// launches the same app at every run): parsing them again would give the same. Made only for
/// a few options that are data, for the built-in model: a function (a hook, a declared model's
/// code) is equal only to itself, a Swift model is made afresh for each launch, and comparing
/// must cost little whatever a script passes (a table shared a million times, say). Explore's
/// built-in rules are made once per memo (`id`).
package struct LaunchMemo {
    let options: LuaValue
    let parser: ConfigParser
    package let config: AppConfig
    /// Which of the host's memos this is (the engine's rules made for its declared app name it).
    package let id: Int

    init?(options: LuaValue, parser: ConfigParser, config: AppConfig, id: Int) {
        guard parser.model == nil, parser.swiftModel == nil, parser.sceneCode.isEmpty, options.isSmallData else { return nil }
        (self.options, self.parser, self.config, self.id) = (options, parser, config, id)
    }
}

private extension LuaValue {
    /// Whether this value holds no function at any depth, and at most 256 values in all (a
    /// table reached twice counts twice: what comparing it visits).
    var isSmallData: Bool {
        var budget = 256
        return isData(within: &budget)
    }

    private func isData(within budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch self {
        case .function, .opaque: return false
        case .table(let table):
            for (key, value) in table.unorderedEntries where !key.isData(within: &budget) || !value.isData(within: &budget) { return false }
            return true
        default: return true
        }
    }
}
