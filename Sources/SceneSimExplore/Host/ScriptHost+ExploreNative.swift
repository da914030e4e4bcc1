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
    /// Whether a window generator of `kind` draws from the live session `id`: `native.windows`
    /// and `exploreDraw` list the same ones.
    func exploreWindow(_ id: SessionID, isOfKind kind: ExploreWindowKind, in simulator: Simulator) -> Bool {
        switch kind {
        case .live: true
        case .connected: simulator.phase(of: id) != .disconnected
        case .visible: simulator.isOnScreen(id)
        case .background: simulator.phase(of: id) == .connected(.background)
        }
    }

    /// Whether `precondition` holds now; nil for one Lua checks (`custom`).
    func explorePrecondition(_ precondition: ExplorePrecondition, _ simulator: Simulator) -> Bool? {
        switch precondition {
        case .none: return true
        case .running: return simulator.isRunning
        case .awake: return simulator.isRunning && !simulator.isSuspended
        case .beforeSuspension: return simulator.isRunning && simulator.appPhase == .background && !simulator.isSuspended
        case .accepts(let input): return simulator.accepts(input)
        case .inState(let states):
            guard simulator.isRunning, !simulator.isSuspended else { return false }
            let state = simulator.state.bytes.bytes
            return states.contains { state.starts(with: $0.utf8) }
        case .custom: return nil
        }
    }

    /// Whether the precondition of `rule` (one Swift checks: not `.lua`) holds now: what
    /// `explorePrecondition` says of its precondition, read from the pick's flat tables.
    private func exploreHolds(_ rule: ExplorePick.Rule, _ explore: ExploreHostState, _ simulator: Simulator) -> Bool {
        switch rule.check {
        case .none: return true
        case .running: return simulator.isRunning
        case .awake: return simulator.isRunning && !simulator.isSuspended
        case .beforeSuspension: return simulator.isRunning && simulator.appPhase == .background && !simulator.isSuspended
        case .accepts: return simulator.accepts(explore.pick.inputs[Int(rule.operand)])
        case .inState:
            guard simulator.isRunning, !simulator.isSuspended else { return false }
            let state = simulator.state.bytes.bytes
            return explore.pick.states[Int(rule.operand)].contains { state.starts(with: $0) }
        case .lua: return false
        }
    }

    /// The draws of `rule`'s generators (at most three, one window at most) from `stream`: each
    /// choice (booleans as 0 and 1, flagged in `booleans`) and the window drawn, if a generator
    /// drew one; nil when a window generator found no window (the draws before it stay consumed,
    /// as in engine.lua).
    func exploreDraw(_ rule: ExplorePick.Rule, _ stream: inout ExploreStream, _ simulator: Simulator) -> ExploreDrawn? {
        var drawn = ExploreDrawn()
        for index in 0..<Int(rule.count) {
            let generator = index == 0 ? rule.draws.0 : index == 1 ? rule.draws.1 : rule.draws.2
            var choice: Int64
            switch generator.kind {
            case .window:
                let kind = generator.window
                var count: Int64 = 0
                simulator.forEachLiveSession { id in
                    if exploreWindow(id, isOfKind: kind, in: simulator) { count += 1 }
                }
                guard count > 0 else { return nil }
                choice = stream.below(count) + 1
                var left = choice
                simulator.forEachLiveSession { id in
                    guard left > 0, exploreWindow(id, isOfKind: kind, in: simulator) else { return }
                    left -= 1
                    if left == 0 { drawn.window = id }
                }
            case .places:
                choice = stream.below(generator.count) + 1
            case .bool:
                choice = stream.below(2)
                drawn.booleans |= 1 << index
            case .int:
                choice = generator.lo + stream.below(generator.count)
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
            let choice = drawn.choice(index)
            if drawn.booleans & (1 << index) != 0 { call.push(boolean: choice == 1) } else { call.push(integer: choice) }
        }
        guard let window = drawn.window else { return drawn.count }
        for _ in drawn.count..<3 { call.push(integer: 0) }
        call.push(handle: window.handleID, of: classes.window)
        return 4
    }

    /// `native.try(place, s)`: the draws of the generators of the rule at `place` in the run's
    /// list (its precondition held in Lua) from SplitMix64 state `s`. Returns 1 and the new
    /// state when a window generator found no window; 2, the new state, each generator's
    /// choice, and the window drawn when a generator drew one (sixth).
    func exploreTry(_ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        guard let place = call.int(at: 1), place >= 1, place <= Int64(explore.pick.rules.count), let seed = call.int(at: 2), call.reserve(12) else {
            return .error("explore engine: native.try(place, s) takes a rule's place in the run's list and an integer")
        }
        let rule = explore.pick.rules[Int(place) - 1]
        guard rule.drawable, let simulator else {
            return .error("explore engine: native.try: rule \(place) has no draws Swift makes, or no app")
        }
        var stream = ExploreStream(state: UInt64(bitPattern: seed))
        guard let drawn = exploreDraw(rule, &stream, simulator) else {
            call.push(integer: 1)
            call.push(integer: Int64(bitPattern: stream.state))
            return .values(2)
        }
        call.push(integer: 2)
        call.push(integer: Int64(bitPattern: stream.state))
        return .values(2 + push(drawn, call))
    }

    /// `native.pick_rules(tags, specs)`: the rules of the run under way, in the engine's list
    /// order: their tags (`<s4B` each: the name, whether it is the module's), and for each of
    /// the module's rules, in the same order, `<dBBs4`: its weight, whether Lua checks a
    /// precondition, whether Swift draws its arguments, and its generators described in key
    /// order (`ExploreGenerator(described:)`, joined by ";"). A built-in rule is the one of
    /// that name `native.declared` made for the run's app. Returns the list's number, which
    /// native.pick, native.step and native.try take. The counts of the rules Swift checks start
    /// at 0, and the run's outcome adds them to the engine's (`ExplorationRunner`).
    func explorePickRules(_ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        let builtins = explore.builtins
        guard
            let registered = call.withBytes(
                at: 1,
                { tags in
                    call.withBytes(at: 2, { specs in explore.pick.register(tags: tags, specs: specs, builtins: builtins) }) ?? false
                }), registered
        else {
            return .error("explore engine: native.pick_rules takes the tags of the run's rules and the packed list of the module's")
        }
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
        return push(explorePickNext(&stream, simulator, explore), stream.state, call)
    }

    /// The draw under way goes on from `stream` until a rule can run (engine.lua's `pick`):
    /// each rule drawn counts as tried; Swift checks the built-in preconditions and draws,
    /// counting the rules enabled and setting aside those that cannot run. What `native.pick`
    /// and `native.step` share.
    private func explorePickNext(_ stream: inout ExploreStream, _ simulator: Simulator, _ explore: ExploreHostState) -> ExplorePicked {
        // The rules' flat fields are read in place: a Rule holds no reference, so reading one
        // retains nothing (the values an accepts or in_state check needs are in side tables).
        while let rule = explore.pick.draw(&stream) {
            explore.pick.tried[rule] += 1
            let entry = explore.pick.rules[rule]
            guard entry.check != .lua else { return .lua(rule) }
            if exploreHolds(entry, explore, simulator) {
                explore.pick.enabled[rule] += 1
                if let drawn = exploreDraw(entry, &stream, simulator) { return .drawn(rule, drawn) }
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
        let picked = explorePickNext(&stream, simulator, explore)
        if case .drawn(let rule, let drawn) = picked, explore.pick.rules[rule].runs {
            return exploreStepRun(rule, drawn, stream, call, explore)
        }
        return push(picked, stream.state, call)
    }

    /// The rest of `native.step` once it drew `rule`, whose action Swift runs.
    private func exploreStepRun(_ rule: Int, _ drawn: ExploreDrawn, _ stream: ExploreStream, _ call: LuaCall, _ explore: ExploreHostState) -> LuaReturn {
        explore.stepLast = (rule, drawn, stream.state)
        let built = explore.pick.builtins[rule]
        let outcome = perform(call) { () throws(SimError) in
            try exploreAct(built.action, ExploreArguments(generators: built.generators, drawn: drawn), call)
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

    /// What a step of a built-in rule does, from what it drew: its input, sent as its Lua call
    /// sends it, or sim.network(up) and sim.server.revoke(user).
    private func exploreAct(_ action: ExploreAction, _ arguments: ExploreArguments, _ call: LuaCall) throws(SimError) {
        let simulator = try requireSimulator("explore")
        switch action {
        case .send(let input):
            _ = try send(input(arguments), call, simulator)
        case .network:
            try simulator.setNetwork(reachable: arguments.drawn.choice(0) == 1)
        case .revoke:
            guard case .string(let user) = try arguments.value(0) else { throw SimError(.invalidValue, "explore engine: revoke draws a user") }
            try simulator.revokeSessions(of: ByteString(user))
        case .lua:
            throw SimError(.invalidValue, "explore engine: engine.lua runs this rule")
        }
    }

    /// `native.run(rule, a1, a2, a3)`: the input the built-in rule named `rule` (one Swift
    /// sends) sends, from its arguments in key order as engine.lua resolved them (a window
    /// handle, a value of its `oneOf`, an integer, a boolean), as the Lua call its statement
    /// spells would send it (through `request`, so its errors, hooks and events are that call's).
    func exploreRun(_ call: LuaCall) -> LuaReturn {
        request(call, "explore") { () throws(SimError) in
            guard let name = call.string(at: 1), let rule = explore.builtins[name], case .send(let input) = rule.action else {
                throw SimError(.invalidValue, "explore engine: native.run(rule, ...) takes the name of a built-in rule whose input Swift sends")
            }
            var drawn = ExploreDrawn()
            let generators = rule.arguments.map(\.generator)
            for (index, generator) in generators.enumerated() {
                let at = index + 2
                var choice: Int64?
                switch generator {
                case .window:
                    drawn.window = call.handle(at: at, of: classes.window).map { SessionID(index: Int($0)) }
                    choice = drawn.window == nil ? nil : 1
                case .oneOf(let values):
                    let given = call.value(at: at)
                    let place = values.firstIndex { value in
                        switch (value, given) {
                        case (.string(let a), _): given.bytesValue.map { $0.bytes.elementsEqual(a.utf8) } ?? false
                        case (.boolean(let a), .boolean(let b)): a == b
                        case (.boolean, _): false
                        default: value.seconds != nil && value.seconds == call.number(at: at)
                        }
                    }
                    choice = place.map { Int64($0) + 1 }
                case .bool:
                    choice = call.bool(at: at).map { $0 ? 1 : 0 }
                    drawn.booleans |= 1 << index
                case .int, .places:
                    choice = call.int(at: at)
                }
                guard let choice else { throw SimError(.invalidValue, "explore engine: native.run(\"\(name)\", ...): argument \(index + 1) is not one its generator draws") }
                switch index {
                case 0: drawn.choices.0 = choice
                case 1: drawn.choices.1 = choice
                default: drawn.choices.2 = choice
                }
                drawn.count += 1
            }
            return try input(ExploreArguments(generators: generators, drawn: drawn))
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

    /// Choice `index` (0 to 2).
    func choice(_ index: Int) -> Int64 {
        index == 0 ? choices.0 : index == 1 ? choices.1 : choices.2
    }
}

/// What the next draw of a step found: no rule that can run, a rule whose precondition or
/// draws are Lua's, or a rule Swift checked and drew (its place in the list, 0-based).
enum ExplorePicked {
    case none
    case lua(Int)
    case drawn(Int, ExploreDrawn)
}

/// The rules of the exploration run under way, as `native.pick` draws among them: the one draw
/// of a step (engine.lua has none), its running sums of the weights as Doubles (an integer
/// weight too).
struct ExplorePick {
    /// What the draw reads of a rule: plain values only (no array, closure or payload to
    /// retain), kept in one contiguous array the draw reads in place.
    struct Rule {
        var weight: Double
        /// Its precondition as Swift checks it; `.lua` when Lua checks it, or the draws (a module's
        /// rule whose generators Swift cannot draw).
        var check: Check
        /// Whether Swift draws its arguments (`native.try`).
        var drawable: Bool
        /// Whether `native.step` runs it (a built-in rule whose action is Swift's; else engine.lua does).
        var runs: Bool
        /// Its generators, in key order: the first `count` of `draws`.
        var draws: (Draw, Draw, Draw)
        var count: Int32
        /// For `.accepts` the place of its input in `inputs`, for `.inState` of its states in `states`.
        var operand: Int32
    }

    /// A precondition Swift checks (`ExplorePrecondition`'s cases without their payloads).
    enum Check: UInt8 {
        case none, running, awake, beforeSuspension, accepts, inState, lua
    }

    /// A generator as the draw makes it (`ExploreGenerator`'s): a window of `window`'s kind, a
    /// place among `count` (a oneOf), a boolean, or `lo` plus a draw below `count` (an int).
    struct Draw {
        enum Kind: UInt8 { case window, places, bool, int }
        var kind: Kind
        var window: ExploreWindowKind = .live
        var lo: Int64 = 0
        var count: Int64 = 0

        /// A place no generator takes.
        static let unused = Draw(.bool)

        init(_ generator: ExploreGenerator) {
            switch generator {
            case .window(let kind): (self.kind, window) = (.window, kind)
            case .oneOf(let values): (self.kind, count) = (.places, Int64(values.count))
            case .places(let n): (self.kind, count) = (.places, n)
            case .bool: self.kind = .bool
            case .int(let lo, let hi): (self.kind, self.lo, count) = (.int, lo, hi - lo + 1)
            }
        }
    }

    /// What a built-in rule's step does and the generators its arguments read (for a module's
    /// rule, `.lua` and none): read once a step's rule is drawn, not in the draw.
    struct Built {
        var action: ExploreAction
        var generators: [ExploreGenerator]
    }

    /// A rule as `register` reads it, before it is flattened.
    private struct Read {
        var weight: Double
        var precondition: ExplorePrecondition
        var generators: [ExploreGenerator]
        var drawable: Bool
        var native: Bool
        var action: ExploreAction
    }

    /// The inputs of the `.accepts` preconditions and the states of the `.inState` ones.
    private(set) var inputs: [SimInput] = []
    private(set) var states: [[[UInt8]]] = []
    /// Each rule's action and generators, in list order.
    private(set) var builtins: [Built] = []

    /// The tags and module specs the rules were read from, and the built-in rules' generation
    /// (a run registers the same ones as the last, mostly).
    private var packed: ([UInt8], [UInt8], Int) = ([], [], -1)
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

    /// The module's rules packed `<dBBs4` each (see `explorePickRules`); nil when malformed.
    private static func moduleRules(_ bytes: UnsafeRawBufferPointer) -> [Read]? {
        var parsed: [Read] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 14 else { return nil }
            let weight = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            let (hasPre, drawable) = (bytes[offset + 8] != 0, bytes[offset + 9] != 0)
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 10, as: UInt32.self)))
            guard length <= bytes.count - offset - 14 else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 14)..<(offset + 14 + length)]), as: UTF8.self)
            offset += 14 + length
            var generators: [ExploreGenerator] = []
            if drawable {
                for described in text.split(separator: ";") {
                    guard let generator = ExploreGenerator(described: described) else { return nil }
                    generators.append(generator)
                }
                let windows = generators.filter { if case .window = $0 { true } else { false } }.count
                guard generators.count <= 3, windows <= 1 else { return nil }
            }
            parsed.append(
                Read(
                    weight: weight, precondition: hasPre ? .custom : .none, generators: generators, drawable: drawable, native: drawable && !hasPre,
                    action: .lua))
        }
        return parsed
    }

    /// Whether `bytes` are `packed`'s (memcmp: a generic comparison costs tens of
    /// instructions a byte, and a run registers its rules' tags, hundreds of bytes, each time).
    private static func same(_ bytes: UnsafeRawBufferPointer, _ packed: [UInt8]) -> Bool {
        bytes.count == packed.count
            && packed.withUnsafeBytes { old in
                bytes.isEmpty || memcmp(old.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
    }

    /// Reads the run's rules (see `explorePickRules`): a built-in one from `builtins`, by its
    /// name; false when the lists are malformed or name a built-in rule `builtins` lacks.
    mutating func register(tags: UnsafeRawBufferPointer, specs: UnsafeRawBufferPointer, builtins: ExploreBuiltins) -> Bool {
        if !(packed.2 == builtins.generation && Self.same(tags, packed.0) && Self.same(specs, packed.1)) {
            guard let parsed = Self.tagged(tags), var modules = Self.moduleRules(specs).map({ $0[...] }) else { return false }
            var list: [Read] = []
            var sums: [Double] = []
            var sum: Double = 0
            for (name, module) in parsed {
                let rule: Read
                if module != 0 {
                    guard let next = modules.popFirst() else { return false }
                    rule = next
                } else {
                    guard let builtin = builtins[name] else { return false }
                    rule = Read(
                        weight: builtin.weight, precondition: builtin.precondition, generators: builtin.arguments.map(\.generator), drawable: true,
                        native: builtin.precondition.luaName != "custom", action: builtin.action)
                }
                list.append(rule)
                sum = sum + rule.weight
                sums.append(sum)
            }
            guard modules.isEmpty else { return false }
            packed = (Array(tags), Array(specs), builtins.generation)
            names = parsed.map(\.0)
            flatten(list)
            cumulative = sums
            total = sum
            alive = Array(repeating: 0, count: list.count)
        }
        enabled = Array(repeating: 0, count: rules.count)
        tried = enabled
        id += 1
        drawing = true
        return true
    }

    /// Makes the flat rules and their side tables of `list`.
    private mutating func flatten(_ list: [Read]) {
        (rules, inputs, states, builtins) = ([], [], [], [])
        for read in list {
            var check: Check
            var operand = 0
            switch read.precondition {
            case .none: check = .none
            case .running: check = .running
            case .awake: check = .awake
            case .beforeSuspension: check = .beforeSuspension
            case .accepts(let input): (check, operand) = (.accepts, inputs.count); inputs.append(input)
            case .inState(let list): (check, operand) = (.inState, states.count); states.append(list.map { Array($0.utf8) })
            case .custom: check = .lua
            }
            if !read.native { check = .lua }
            let runs: Bool
            if case .lua = read.action { runs = false } else { runs = true }
            // (At most three generators: moduleRules checks a module's, and no built-in rule has more.)
            let draws = read.generators.prefix(3).map(Draw.init) + Array(repeating: .unused, count: 3 - min(3, read.generators.count))
            rules.append(
                Rule(
                    weight: read.weight, check: check, drawable: read.drawable, runs: runs, draws: (draws[0], draws[1], draws[2]),
                    count: Int32(min(3, read.generators.count)), operand: Int32(operand)))
            builtins.append(Built(action: read.action, generators: read.generators))
        }
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
