#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ByteText
import LuaKit
import SceneSimCore
import SceneSimScripting

// An exploration step's hot path in Swift (docs/explore-performance.md): the draw of a step's
// rule with its set-asides (`native.pick`), the built-in preconditions and the argument draws
// it makes there (and `native.try` for a module's rule once its precondition held in Lua), and
// the input a built-in rule sends (`native.run`), instead of a Lua loop, field reads, a window
// list made for each draw and a method looked up on a handle. engine.lua stays the
// specification: this computes what its Lua computes, from the same random stream and to the
// same floats, so no seed finds other runs (scripts/compare-explore.sh and ExploreStreamTests
// check it).
extension ScriptHost {
    /// Whether a window generator of `kind` (1 live, 2 connected, 3 visible, 4 background)
    /// draws from the live session `id`: `native.windows` and `exploreDraw` list the same ones.
    func exploreWindow(_ id: SessionID, isOfKind kind: Int64, in simulator: Simulator) -> Bool {
        switch kind {
        case 1: true
        case 2: simulator.phase(of: id) != .disconnected
        case 3: simulator.isOnScreen(id)
        default: simulator.phase(of: id) == .connected(.background)
        }
    }

    /// Whether the built-in precondition numbered `code` holds now: 0 none, 1 the app runs,
    /// 2 it runs and is not suspended, 3 it runs in the background and is not yet suspended,
    /// 100 + n the app would accept `exploreAppCalls[n - 1]`. What engine.lua's functions of
    /// the same names read through the app handle (app.running, app.suspended, app.phase).
    func explorePrecondition(_ code: Int64, _ simulator: Simulator) -> Bool? {
        switch code {
        case 0: return true
        case 1: return simulator.isRunning
        case 2: return simulator.isRunning && !simulator.isSuspended
        case 3: return simulator.isRunning && simulator.appPhase == .background && !simulator.isSuspended
        default: return Self.exploreAppCall(code &- 100).map(simulator.accepts)
        }
    }

    /// The draws of up to three generators (nonzero `codes`, in key order) from `stream`:
    /// each choice (booleans as 0 and 1, flagged in `booleans`) and the window drawn, if a
    /// generator drew one; nil when a window generator found no window (the draws before it
    /// stay consumed, as in engine.lua). A generator is `tag + 8 * param`: tag 1 a window of
    /// kind param, 2 one_of of param values (the choice is the value's place), 3 bool, 4
    /// int(lo, lo + span - 1) with param = lo * 2^24 + span. Throws for another number.
    func exploreDraw(_ codes: (Int64, Int64, Int64), _ stream: inout ExploreStream, _ simulator: Simulator) throws(ExploreDrawError) -> ExploreDrawn? {
        var drawn = ExploreDrawn()
        for index in 0..<3 {
            let code = index == 0 ? codes.0 : index == 1 ? codes.1 : codes.2
            guard code != 0 else { break }
            let tag = code & 7, param = code >> 3
            var choice: Int64
            switch tag {
            case 1:
                var count: Int64 = 0
                simulator.forEachLiveSession { id in
                    if exploreWindow(id, isOfKind: param, in: simulator) { count += 1 }
                }
                guard count > 0 else { return nil }
                choice = stream.below(count) + 1
                var left = choice
                simulator.forEachLiveSession { id in
                    guard left > 0, exploreWindow(id, isOfKind: param, in: simulator) else { return }
                    left -= 1
                    if left == 0 { drawn.window = id }
                }
            case 2 where param >= 1:
                choice = stream.below(param) + 1
            case 3:
                choice = stream.below(2)
                drawn.booleans |= 1 << index
            case 4 where param & 0xFF_FFFF >= 1:
                choice = (param >> 24) + stream.below(param & 0xFF_FFFF)
            default:
                throw ExploreDrawError(code: code)
            }
            switch index {
            case 0: drawn.choices.0 = choice
            case 1: drawn.choices.1 = choice
            default: drawn.choices.2 = choice
            }
            drawn.count += 1
        }
        return drawn
    }

    /// Pushes the choices of `drawn`, then (when a generator drew one) its window sixth:
    /// what follows the status and the state in native.try's and native.pick's results.
    private func push(_ drawn: ExploreDrawn, _ call: LuaCall) -> Int {
        for index in 0..<drawn.count {
            let choice = index == 0 ? drawn.choices.0 : index == 1 ? drawn.choices.1 : drawn.choices.2
            if drawn.booleans & (1 << index) != 0 { call.push(boolean: choice == 1) } else { call.push(integer: choice) }
        }
        guard let window = drawn.window else { return drawn.count }
        for _ in drawn.count..<3 { call.push(integer: 0) }
        call.push(handle: window.handleID, of: classes.window)
        return 4
    }

    /// `native.try(pre, s, g1, g2, g3)`: precondition `pre` (explorePrecondition), then the
    /// draws of up to three generators in key order (exploreDraw) from SplitMix64 state `s`.
    /// Returns 0 and `s` when the precondition fails; 1 and the new state when a window
    /// generator found no window; 2, the new state, each generator's choice, and the window
    /// drawn when a generator drew one (sixth).
    func exploreTry(_ call: LuaCall) -> LuaReturn {
        guard let pre = call.int(at: 1), let seed = call.int(at: 2), call.reserve(12) else {
            return .error("explore engine: native.try(pre, s, ...) takes two integers")
        }
        guard let simulator, let holds = explorePrecondition(pre, simulator) else {
            return .error("explore engine: native.try: no precondition numbered \(pre), or no app")
        }
        guard holds else {
            call.push(integer: 0)
            call.push(integer: seed)
            return .values(2)
        }
        var stream = ExploreStream(state: UInt64(bitPattern: seed))
        let codes = (call.int(at: 3) ?? 0, call.int(at: 4) ?? 0, call.int(at: 5) ?? 0)
        let drawn: ExploreDrawn?
        do throws(ExploreDrawError) {
            drawn = try exploreDraw(codes, &stream, simulator)
        } catch {
            return .error("explore engine: native.try: no generator numbered \(error.code)")
        }
        guard let drawn else {
            call.push(integer: 1)
            call.push(integer: Int64(bitPattern: stream.state))
            return .values(2)
        }
        call.push(integer: 2)
        call.push(integer: Int64(bitPattern: stream.state))
        return .values(2 + push(drawn, call))
    }

    /// `native.pick_rules(list, tags)`: the rules of the run under way, in the engine's list
    /// order, each packed as `<djjjjBd` (its weight, its precondition's number or -1 when Lua
    /// checks it, its generators' numbers or 0, 1 when Swift checks and draws it all, and the
    /// seconds an advance that draws none moves), and their tags (`<s4B` each: the name,
    /// whether it is the module's). What native.step does for a built-in rule follows from its
    /// name (`exploreRunCode`). Returns the list's number, which
    /// native.pick and native.step take. The counts of the rules Swift checks start at 0, and
    /// the run's outcome adds them to the engine's (`ExplorationRunner`).
    func explorePickRules(_ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        guard call.withBytes(at: 1, { explore.pick.register($0) }) == true,
            call.withBytes(at: 2, { explore.pick.registerNames($0) }) == true,
            call.isNil(at: 3) || call.withBytes(at: 3, { explore.pick.registerScenes($0) }) == true
        else {
            return .error("explore engine: native.pick_rules takes the packed list of the run's rules, their tags, and the scenes open_window draws")
        }
        explore.pick.assignRuns(Self.exploreRunCode)
        return call.results(.integer(explore.pick.id))
    }

    /// `native.pick(id, s, aside)`: the next rule of a step, drawn as engine.lua's `pick` draws
    /// it from SplitMix64 state `s`: `aside` 0 starts the step's draw, a rule's place in the list
    /// sets that rule (the one returned last) aside and draws again. Swift checks the rules it
    /// can (the built-in preconditions and draws), setting aside those that cannot run, and
    /// returns the first that can: its place, 2, the new state and its draws (as native.try's);
    /// or the first whose precondition or draws are Lua's: its place, 3 and the new state; or
    /// 0 and the new state when no rule can run.
    func explorePickRule(_ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        guard let id = call.int(at: 1), id == explore.pick.id, let seed = call.int(at: 2), let aside = call.int(at: 3),
            aside >= 0, aside <= Int64(explore.pick.rules.count), call.reserve(12), let simulator
        else {
            return .error("explore engine: native.pick(id, s, aside) takes the number native.pick_rules gave and two integers")
        }
        var stream = ExploreStream(state: UInt64(bitPattern: seed))
        if aside == 0 {
            explore.pick.startDraw()
        } else if !explore.pick.setAsideLast(Int(aside) - 1) {
            return .error("explore engine: native.pick: rule \(aside) is not the one drawn last")
        }
        let picked: ExplorePicked
        do throws(ExploreEngineError) {
            picked = try explorePickNext(&stream, simulator, "native.pick", explore)
        } catch {
            return .error(error.message)
        }
        return push(picked, stream.state, call)
    }

    /// The draw under way goes on from `stream` until a rule can run (engine.lua's `pick`):
    /// each rule drawn counts as tried; Swift checks the built-in preconditions and draws,
    /// counting the rules enabled and setting aside those that cannot run. What `native.pick`
    /// and `native.step` share.
    private func explorePickNext(_ stream: inout ExploreStream, _ simulator: Simulator, _ function: String, _ explore: ExploreHostState) throws(ExploreEngineError) -> ExplorePicked
    {
        while let rule = explore.pick.draw(&stream) {
            explore.pick.tried[rule] += 1
            let entry = explore.pick.rules[rule]
            guard entry.native else { return .lua(rule) }
            guard let holds = explorePrecondition(entry.precondition, simulator) else {
                throw ExploreEngineError(message: "explore engine: \(function): no precondition numbered \(entry.precondition)")
            }
            if holds {
                explore.pick.enabled[rule] += 1
                let drawn: ExploreDrawn?
                do throws(ExploreDrawError) {
                    drawn = try exploreDraw(entry.generators, &stream, simulator)
                } catch {
                    throw ExploreEngineError(message: "explore engine: \(function): no generator numbered \(error.code)")
                }
                if let drawn { return .drawn(rule, drawn) }
            }
            explore.pick.setAsideLast(rule)
        }
        return .none
    }

    /// Pushes what a draw found, as native.pick returns it: the rule's place, 2, the new state
    /// and its draws; its place, 3 and the new state when Lua checks it; or 0, 0 and the new
    /// state when no rule can run.
    private func push(_ picked: ExplorePicked, _ state: UInt64, _ call: LuaCall) -> LuaReturn {
        switch picked {
        case .none:
            call.push(integer: 0)
            call.push(integer: 0)
            call.push(integer: Int64(bitPattern: state))
            return .values(3)
        case .lua(let rule):
            call.push(integer: Int64(rule + 1))
            call.push(integer: 3)
            call.push(integer: Int64(bitPattern: state))
            return .values(3)
        case .drawn(let rule, let drawn):
            call.push(integer: Int64(rule + 1))
            call.push(integer: 2)
            call.push(integer: Int64(bitPattern: state))
            return .values(3 + push(drawn, call))
        }
    }

    /// What the explore command's engine was doing when a limit stopped it inside `native.step`
    /// (engine.lua sets `E.doing` false for the call): "running rule NAME" once it drew a rule
    /// whose input it sends, else nil.
    var exploreStepDoing: String? {
        guard let rule = explore.stepLast?.rule, rule < explore.pick.names.count else { return nil }
        return "running rule " + explore.pick.names[rule]
    }

    /// `native.step(id, s, watchdog_ok)`: a step, as engine.lua's loop takes it, when the rule
    /// drawn is a built-in one Swift runs. Draws as `native.pick(id, s, 0)` does; a rule drawn
    /// whose run is Lua's, or no rule, comes back as native.pick returns it (its place, 2 or 3
    /// or 0, the new state, its draws). Otherwise sends the rule's input (`native.run`'s, through
    /// `request`, so its errors, hooks and events are that call's) and checks what native.checks
    /// checks: returns its place, 4, the new state, the draws in four places (the choices, then
    /// the window drawn), then the label and message of a broken check, if any. An error of the
    /// input is raised (engine.lua calls this protected: its caller's line, level 2, prefixes
    /// a message of its own), and `native.step_drawn` gives what was drawn.
    func exploreStep(_ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        explore.stepLast = nil
        guard let id = call.int(at: 1), id == explore.pick.id, let seed = call.int(at: 2), call.reserve(12), let simulator else {
            return .error("explore engine: native.step(id, s, watchdog_ok) takes the number native.pick_rules gave and an integer")
        }
        var stream = ExploreStream(state: UInt64(bitPattern: seed))
        explore.pick.startDraw()
        let picked: ExplorePicked
        do throws(ExploreEngineError) {
            picked = try explorePickNext(&stream, simulator, "native.step", explore)
        } catch {
            return .error(error.message)
        }
        if case .drawn(let rule, let drawn) = picked, explore.pick.rules[rule].run != 0 {
            return exploreStepRun(rule, explore.pick.rules[rule].run, drawn, stream, call, explore)
        }
        return push(picked, stream.state, call)
    }

    /// The rest of `native.step` once it drew `rule`, whose run is `code` (exploreRunCode's).
    private func exploreStepRun(_ rule: Int, _ code: Int64, _ drawn: ExploreDrawn, _ stream: ExploreStream, _ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        explore.stepLast = (rule, drawn, stream.state)
        let outcome = perform(call) { () throws(SimError) in
            try exploreAct(code, explore.pick.rules[rule], drawn, call, explore)
            return []
        }
        switch outcome {
        case .error(let message, .caller):
            // native.step is called through pcall: the engine's line is the caller's caller.
            return .error(message, location: .level(2))
        case .error, .raise:
            return outcome
        case .values:
            break
        }
        guard call.reserve(12) else { return .error("explore engine: native.step: no room on the stack") }
        call.push(integer: Int64(rule + 1))
        call.push(integer: 4)
        call.push(integer: Int64(bitPattern: stream.state))
        pushFour(drawn, call)
        guard let broken = exploreChecks(watchdogOK: call.truthy(at: 3)) else { return .values(7) }
        call.push(.string(ByteString(broken.label)))
        call.push(.string(ByteString(broken.message)))
        return .values(9)
    }

    /// `native.step_drawn()`: after `native.step` raised, what it drew: the rule's place, 4, the
    /// new state and the draws in four places (as native.step returns them); or 0 when the
    /// error came before a rule was drawn.
    func exploreStepDrawn(_ call: LuaCall) -> LuaReturn {
        guard call.reserve(12), let (rule, drawn, state) = explore.stepLast else { return call.results(.integer(0)) }
        call.push(integer: Int64(rule + 1))
        call.push(integer: 4)
        call.push(integer: Int64(bitPattern: state))
        pushFour(drawn, call)
        return .values(7)
    }

    /// Pushes the choices of `drawn` in three places (nil where it has none) and its window
    /// fourth (nil if none): native.step's draws. Room for 12 values must have been reserved.
    private func pushFour(_ drawn: ExploreDrawn, _ call: LuaCall) {
        for index in 0..<3 {
            guard index < drawn.count else {
                call.pushNil()
                continue
            }
            let choice = index == 0 ? drawn.choices.0 : index == 1 ? drawn.choices.1 : drawn.choices.2
            if drawn.booleans & (1 << index) != 0 { call.push(boolean: choice == 1) } else { call.push(integer: choice) }
        }
        if let window = drawn.window { call.push(handle: window.handleID, of: classes.window) } else { call.pushNil() }
    }

    /// What `native.step` does for a rule: exploreRunCode's `code` (see exploreInput), with the
    /// window drawn, or the seconds drawn (303: the place of the advance rule's draw, or the
    /// rule's parameter when it draws none); or 306 sim.network(up), 307
    /// sim.server.revoke(user), 401 app:open_window(scene, value) and 402
    /// app:dismiss_window(scene, value), each from what it drew, as its Lua call does it.
    private func exploreAct(_ code: Int64, _ rule: ExplorePick.Rule, _ drawn: ExploreDrawn, _ call: LuaCall, _ explore: ExploreHostState) throws(SimError) {
        let simulator = try requireSimulator("explore")
        let input: SimInput
        switch code {
        case 303 where rule.generators.0 == 0:
            input = try exploreInput(code, window: nil, seconds: rule.parameter)
        case 306:
            try simulator.setNetwork(reachable: drawn.choices.0 == 1)
            return
        case 307:
            let user = drawn.choices.0 >= 1 && drawn.choices.0 <= Int64(Self.exploreRevokeUsers.count) ? Self.exploreRevokeUsers[Int(drawn.choices.0) - 1] : ""
            guard !user.isEmpty else { throw SimError(.invalidValue, "explore engine: native.step: no user numbered \(drawn.choices.0)") }
            try simulator.revokeSessions(of: ByteString(user))
            return
        case 401, 402:
            let (place, number) = (drawn.choices.0, drawn.choices.1)
            guard place >= 1, place <= Int64(explore.pick.scenes.count) else {
                throw SimError(.invalidValue, "explore engine: native.step: no scene numbered \(place)")
            }
            let scene = explore.pick.scenes[Int(place) - 1]
            var value: SceneValue?
            switch scene.value {
            case 1:
                guard number >= 1, number <= Int64(Self.exploreStringValues.count) else {
                    throw SimError(.invalidValue, "explore engine: native.step: no value numbered \(number)")
                }
                value = .string(Self.exploreStringValues[Int(number) - 1])
            case 2: value = .int(number)  // the integer pool is 1, 2, 3: the place is the value
            default: value = nil
            }
            input = code == 401 ? .openWindow(scene.id, value: value) : .dismissWindow(scene.id, value: value)
        default:
            input = try exploreInput(code, window: drawn.window, choice: drawn.choices.0)
        }
        _ = try send(input, call, simulator)
    }

    /// The users the built-in `revoke` rule draws from (engine.lua's generator is made of
    /// `native.revoke_users`), and the values of a string-valued scene's windows that
    /// open_window, dismiss_window and open_url draw (`native.string_values`).
    static let exploreRevokeUsers = ["ada", "bob"]
    static let exploreStringValues = ["A", "B", "C"]
    /// The type of the shortcut the built-in `open_shortcut` rule opens (engine.lua spells it).
    static let exploreShortcutType = "com.example.shortcut"

    /// The seconds the built-in `advance` rule draws from, in its generator's order: engine.lua
    /// makes the generator of `native.advance_seconds`, and `native.step` sends the one drawn.
    /// (Whole seconds are Lua integers there, so a found scenario spells `sim.advance(10)`.)
    static let exploreAdvanceSeconds: [Double] = [0.1, 0.5, 1, 10, 3600]

    /// What native.step and native.run do for the built-in rule named `name`: Swift's own
    /// numbering (exploreAct's and exploreInput's codes), which the engine never sees. 101 + n
    /// `exploreAppCalls[n]`; 201 to 205 focus, background, close, disconnect and minimize a
    /// window; 301 terminate("user", { keep_windows = true }), 302 open_settings, 303
    /// sim.advance, 304 sim.settle, 305 open_shortcut(exploreShortcutType), 306 sim.network, 307 sim.server.revoke, 401 open_window, 402
    /// dismiss_window; 0 for a rule Lua runs.
    static func exploreRunCode(_ name: String) -> Int64 {
        switch name {
        case "focus": 201
        case "background_window": 202
        case "close": 203
        case "disconnect": 204
        case "minimize": 205
        case "terminate_keep_windows": 301
        case "open_settings": 302
        case "advance", "advance_past_suspension": 303
        case "settle": 304
        case "open_shortcut": 305
        case "network": 306
        case "revoke": 307
        case "open_window": 401
        case "dismiss_window": 402
        default: exploreAppCalls.firstIndex { $0.name == name }.map { 101 + Int64($0) } ?? 0
        }
    }

    /// The input of `code` (exploreRunCode's), with its window or its seconds: for 303, the
    /// seconds are given, or the place of the advance rule's draw (`choice`).
    func exploreInput(_ code: Int64, window: SessionID?, seconds: Double? = nil, choice: Int64 = 0) throws(SimError) -> SimInput {
        switch code {
        case 201...205:
            guard let session = window else {
                throw SimError(.invalidValue, "explore engine: native.run: the rule's input takes a window handle")
            }
            switch code {
            case 201: return .focus(session)
            case 202: return .backgroundWindow(session)
            case 203: return .close(session)
            case 204: return .disconnect(session)
            default: return .minimize(session)
            }
        case 301: return .terminateKeepingWindows
        case 302: return .openSettings
        case 303:
            var given = seconds
            if given == nil, choice >= 1, choice <= Int64(Self.exploreAdvanceSeconds.count) {
                given = Self.exploreAdvanceSeconds[Int(choice) - 1]
            }
            guard let given, let time = VirtualTime(checkedSeconds: given), time >= .zero else {
                throw SimError(.invalidValue, "explore engine: native.run(\"advance\", seconds) takes a number of seconds")
            }
            return .advance(time)
        case 304: return .settle
        case 305: return .openShortcut(Self.exploreShortcutType)
        default:
            guard let input = Self.exploreAppCall(code &- 100) else {
                throw SimError(.invalidValue, "explore engine: native.run: no built-in rule whose input it sends numbered \(code)")
            }
            return input
        }
    }

    /// `native.run(rule, argument)`: the input the built-in rule named `rule` sends, as the Lua
    /// call its statement spells would send it (through `request`, so its errors, hooks and
    /// events are that call's): an app-level call (`exploreAppCalls`); focus,
    /// background_window, close, disconnect and minimize the window handle `argument`;
    /// terminate_keep_windows, open_settings, advance (`argument` seconds), settle.
    func exploreRun(_ call: LuaCall) -> LuaReturn {
        request(call, "explore") { () throws(SimError) in
            guard let name = call.string(at: 1), case let code = Self.exploreRunCode(name), code != 0, !(306...402).contains(code) else {
                throw SimError(.invalidValue, "explore engine: native.run(rule, ...) takes the name of a built-in rule whose input it sends")
            }
            let window = (201...205).contains(code) ? call.handle(at: 2, of: classes.window).map { SessionID(index: Int($0)) } : nil
            return try exploreInput(code, window: window, seconds: code == 303 ? call.number(at: 2) ?? -1 : nil)
        }
    }

    /// The simulator's own bookkeeping, then the built-in invariants (`watchdogOK`: the
    /// module's watchdog_ok): the first broken one's label and message, else nil. What every
    /// step checks (`native.checks`, `native.step`).
    func exploreChecks(watchdogOK: Bool) -> (label: String, message: String)? {
        guard let simulator else { return nil }
        let problems = simulator._checkInvariants()
        if !problems.isEmpty { return ("invariant consistency", problems.joined(separator: "; ")) }
        semanticInvariants.allowsWatchdog = watchdogOK
        guard let violation = semanticInvariants.check(simulator) else { return nil }
        return ("invariant " + violation.name, violation.message)
    }
}

/// engine.lua's random stream: SplitMix64, wrapping as Lua's integers do; `below(n)` is
/// `(next >> 1) % n` with a logical shift, as engine.lua's `below`.
package struct ExploreStream {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's output function (also each run's seed's: `ExplorationRunner.runSeed`).
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A draw in 0..<n (n >= 1).
    mutating func below(_ n: Int64) -> Int64 {
        Int64(bitPattern: next() >> 1) % n
    }
}

/// What `exploreDraw` drew: up to three choices (booleans as 0 and 1, bit i of `booleans` set
/// for a boolean choice i) and the window a window generator drew.
struct ExploreDrawn {
    var choices: (Int64, Int64, Int64) = (0, 0, 0)
    var booleans = 0
    var count = 0
    var window: SessionID?
}

/// What the next draw of a step found: no rule that can run, a rule whose precondition or
/// draws are Lua's, or a rule Swift checked and drew (its place in the list, 0-based).
enum ExplorePicked {
    case none
    case lua(Int)
    case drawn(Int, ExploreDrawn)
}

/// A malformed rule native.pick or native.step met: the message of the engine error.
struct ExploreEngineError: Error {
    var message: String
}

/// A generator number `exploreDraw` does not know.
struct ExploreDrawError: Error {
    var code: Int64
}

/// The rules of the exploration run under way, as `native.pick` draws among them: the one draw
/// of a step (engine.lua has none), its running sums of the weights as Doubles (an integer
/// weight too).
struct ExplorePick {
    struct Rule {
        var weight: Double
        var precondition: Int64
        var generators: (Int64, Int64, Int64)
        var native: Bool
        /// What `native.step` does for it (exploreRunCode's number, from its name; 0: Lua runs
        /// it), and a number that goes with it (the seconds of an advance that draws none).
        var run: Int64
        var parameter: Double
    }

    /// The scenes open_window and dismiss_window draw (their `scene` choice is a place in this
    /// list), each with the kind of value its windows take: 0 none, 1 a string, 2 an integer.
    private(set) var scenes: [(id: String, value: UInt8)] = []
    private var packedScenes: [UInt8] = []

    /// Reads the scenes (`<s4B` each: the id, the value's kind); false when malformed.
    mutating func registerScenes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if Self.same(bytes, packedScenes) { return true }
        guard let parsed = Self.tagged(bytes), parsed.allSatisfy({ $0.1 <= 2 }) else { return false }
        packedScenes = Array(bytes)
        scenes = parsed.map { (id: $0.0, value: $0.1) }
        return true
    }

    /// A list packed `<s4B` each (a string, then a byte), as engine.lua's `pack` makes it; nil
    /// when malformed.
    private static func tagged(_ bytes: UnsafeRawBufferPointer) -> [(String, UInt8)]? {
        var parsed: [(String, UInt8)] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 5 else { return nil }
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            guard length <= bytes.count - offset - 5 else { return nil }
            parsed.append(
                (
                    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 4 + length)]), as: UTF8.self),
                    bytes[offset + 4 + length]
                ))
            offset += 4 + length + 1
        }
        return parsed
    }

    /// The packed list the rules were read from (a run registers the same list as the last).
    private var packed: [UInt8] = []
    private(set) var rules: [Rule] = []
    /// The running sums of the weights in list order, as engine.lua's `cumulative`.
    private var cumulative: [Double] = []
    private var total: Double = 0
    /// The registration's number: each run's is new.
    private(set) var id: Int64 = 0
    /// How often each rule passed a precondition checked here, and how often it was drawn,
    /// this run, when `drawing` (the run registered its rules: a replay does not).
    var enabled: [Int64] = []
    var tried: [Int64] = []
    var drawing = false

    // The draw under way: the rules still in it (their places in the list; the first `same`
    // still the list's own, in order, so their running sums are `cumulative`'s), their
    // weights' total, and the position (1-based) drawn last.
    private var alive: [Int] = []
    private var count = 0
    private var same = 0
    private var left: Double = 0
    private var last = -1

    /// The rules' names, in list order, for what the engine is doing while `native.step` runs one.
    private(set) var names: [String] = []
    /// Whether each rule is the module's (its tag says so): Lua runs those.
    private var modules: [Bool] = []
    /// Whether `assignRuns` set the runs of the rules and names read last (a run registers the
    /// same ones as the last, mostly).
    private var runsAssigned = false
    private var packedNames: [UInt8] = []

    /// Reads the rules' names from their tags (`<s4B` each, as engine.lua's `rule.tag`); false
    /// when they are malformed or not one a rule.
    mutating func registerNames(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if Self.same(bytes, packedNames) { return names.count == rules.count }
        guard let parsed = Self.tagged(bytes) else { return false }
        packedNames = Array(bytes)
        names = parsed.map(\.0)
        modules = parsed.map { $0.1 != 0 }
        runsAssigned = false
        return names.count == rules.count
    }

    /// Sets what native.step does for each rule (`ScriptHost.exploreRunCode` of a built-in
    /// rule's name; 0, Lua runs it, for the module's), once the rules and their names are read.
    mutating func assignRuns(_ code: (String) -> Int64) {
        guard !runsAssigned else { return }
        runsAssigned = true
        for index in rules.indices { rules[index].run = modules[index] ? 0 : code(names[index]) }
    }

    /// Whether `bytes` are `packed`'s (memcmp: a generic comparison costs tens of
    /// instructions a byte, and a run registers its rules' tags, hundreds of bytes, each time).
    private static func same(_ bytes: UnsafeRawBufferPointer, _ packed: [UInt8]) -> Bool {
        bytes.count == packed.count
            && packed.withUnsafeBytes { old in
                bytes.isEmpty || memcmp(old.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
    }

    /// Reads the packed list (see `explorePickRules`); false when it is malformed. The rules'
    /// runs are 0 until `assignRuns` (which needs their names).
    mutating func register(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let size = 8 * 6 + 1
        guard bytes.count % size == 0 else { return false }
        if !Self.same(bytes, packed) {
            var parsed: [Rule] = []
            var sums: [Double] = []
            var sum: Double = 0
            for offset in stride(from: 0, to: bytes.count, by: size) {
                func int(_ at: Int) -> Int64 { Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + at, as: Int64.self)) }
                let weight = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                parsed.append(
                    Rule(
                        weight: weight, precondition: int(8), generators: (int(16), int(24), int(32)), native: bytes[offset + 40] == 1,
                        run: 0,
                        parameter: Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 41, as: UInt64.self)))))
                sum = sum + weight
                sums.append(sum)
            }
            packed = Array(bytes)
            runsAssigned = false
            rules = parsed
            cumulative = sums
            total = sum
            alive = Array(repeating: 0, count: parsed.count)
        }
        enabled = Array(repeating: 0, count: rules.count)
        tried = enabled
        id += 1
        drawing = true
        return true
    }

    /// Starts a step's draw: every rule is in it.
    mutating func startDraw() {
        count = rules.count
        for k in 0..<count { alive[k] = k }
        same = count
        left = total
        last = -1
    }

    /// The next rule drawn (its place in the list), or nil when none is left: engine.lua's
    /// draw, `x = unit() * total`, then the first running sum past x.
    mutating func draw(_ stream: inout ExploreStream) -> Int? {
        guard count > 0 else { return nil }
        let x = Double(stream.next() >> 11) * 0x1p-53 * left
        var i: Int
        if same > 0 && cumulative[same - 1] > x {
            var lo = 1, hi = same
            while lo < hi {
                let mid = (lo + hi) / 2
                if cumulative[mid - 1] <= x { lo = mid + 1 } else { hi = mid }
            }
            i = lo
        } else {
            var acc: Double
            if same > 0 { i = same; acc = cumulative[same - 1] } else { i = 1; acc = rules[alive[0]].weight }
            while acc <= x && i < count {
                i += 1
                acc = acc + rules[alive[i - 1]].weight
            }
        }
        last = i
        return alive[i - 1]
    }

    /// Sets the rule drawn last aside (`rule` must be it), as engine.lua does: the last rule
    /// still in the draw takes its position.
    @discardableResult
    mutating func setAsideLast(_ rule: Int) -> Bool {
        guard last >= 1, last <= count, alive[last - 1] == rule else { return false }
        left = left - rules[rule].weight
        alive[last - 1] = alive[count - 1]
        count -= 1
        if same >= last { same = last - 1 }
        last = -1
        return true
    }
}
