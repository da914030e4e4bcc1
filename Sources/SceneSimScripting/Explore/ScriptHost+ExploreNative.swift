import ByteText
import LuaKit
import SceneSimCore

// The built-in rules' hot path in Swift (docs/explore-performance.md, "What 10x would take"):
// a rule's precondition and the draws of its arguments in one call (`native.try`), and the
// input a built-in rule sends in another (`native.run`), instead of field reads, a window list
// made for each draw and a method looked up on a handle, each a trip through Lua. engine.lua
// stays the specification: both compute what its Lua computes, from the same random stream,
// so no seed finds other runs (scripts/compare-explore.sh checks it).
extension ScriptHost {
    /// Whether a window generator of `kind` (1 live, 2 connected, 3 visible, 4 background)
    /// draws from the live session `id`: `native.windows` and `native.try` list the same ones.
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
        case 101...(100 + Int64(Self.exploreAppCalls.count)):
            return simulator.accepts(Self.exploreAppCalls[Int(code - 101)].input)
        default: return nil
        }
    }

    /// `native.try(pre, s, g1, g2, g3)`: precondition `pre` (explorePrecondition), then the
    /// draws of up to three generators in key order from SplitMix64 state `s`. Returns 0 and
    /// `s` when the precondition fails; 1 and the new state when a window generator found no
    /// window (the draws before it stay consumed, as in engine.lua); 2, the new state, each
    /// generator's choice, and the window drawn when a generator drew one. A generator is
    /// `tag + 8 * param`: tag 1 a window of kind param, 2 one_of of param values (the choice
    /// is the value's place), 3 bool, 4 int(lo, lo + span - 1) with param = lo * 2^24 + span.
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
        // The choices, pushed after the status and the state once every draw is made.
        var choices: (Int64, Int64, Int64) = (0, 0, 0)
        var booleans = 0  // bit i: choice i is a boolean
        var window: SessionID?
        var drawn = 0
        while drawn < 3, let code = call.int(at: 3 + drawn) {
            let tag = code & 7, param = code >> 3
            var choice: Int64
            switch tag {
            case 1:
                var count: Int64 = 0
                simulator.forEachLiveSession { id in
                    if exploreWindow(id, isOfKind: param, in: simulator) { count += 1 }
                }
                guard count > 0 else {
                    call.push(integer: 1)
                    call.push(integer: Int64(bitPattern: stream.state))
                    return .values(2)
                }
                choice = stream.below(count) + 1
                var left = choice
                simulator.forEachLiveSession { id in
                    guard left > 0, exploreWindow(id, isOfKind: param, in: simulator) else { return }
                    left -= 1
                    if left == 0 { window = id }
                }
            case 2 where param >= 1:
                choice = stream.below(param) + 1
            case 3:
                choice = stream.below(2)
                booleans |= 1 << drawn
            case 4 where param & 0xFF_FFFF >= 1:
                choice = (param >> 24) + stream.below(param & 0xFF_FFFF)
            default:
                return .error("explore engine: native.try: no generator numbered \(code)")
            }
            switch drawn {
            case 0: choices.0 = choice
            case 1: choices.1 = choice
            default: choices.2 = choice
            }
            drawn += 1
        }
        call.push(integer: 2)
        call.push(integer: Int64(bitPattern: stream.state))
        for index in 0..<drawn {
            let choice = index == 0 ? choices.0 : index == 1 ? choices.1 : choices.2
            if booleans & (1 << index) != 0 { call.push(boolean: choice == 1) } else { call.push(integer: choice) }
        }
        guard let window else { return .values(2 + drawn) }
        for _ in drawn..<3 { call.push(integer: 0) }  // the window comes sixth
        call.push(handle: window.handleID, of: classes.window)
        return .values(6)
    }

    /// `native.run(code, argument)`: the input built-in rule `code` sends, as the Lua call its
    /// statement spells would send it (through `request`, so its errors, hooks and events are
    /// that call's): 101 + n `exploreAppCalls[n]`; 201 to 205 focus, background, close,
    /// disconnect and minimize the window handle `argument`; 301 terminate("user",
    /// { keep_windows = true }), 302 open_settings, 303 sim.advance(argument), 304 sim.settle.
    func exploreRun(_ call: LuaCall) -> LuaReturn {
        request(call, "explore") { () throws(SimError) in
            guard let code = call.int(at: 1) else { throw SimError(.invalidValue, "explore engine: native.run(code, ...) takes an integer") }
            switch code {
            case 101...(100 + Int64(Self.exploreAppCalls.count)):
                return Self.exploreAppCalls[Int(code - 101)].input
            case 201...205:
                guard let id = call.handle(at: 2, of: classes.window) else {
                    throw SimError(.invalidValue, "explore engine: native.run(\(code), window) takes a window handle")
                }
                let session = SessionID(index: Int(id))
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
                guard let seconds = call.number(at: 2), let time = VirtualTime(checkedSeconds: seconds), time >= .zero else {
                    throw SimError(.invalidValue, "explore engine: native.run(303, seconds) takes a number of seconds")
                }
                return .advance(time)
            case 304: return .settle
            default: throw SimError(.invalidValue, "explore engine: native.run: no input numbered \(code)")
            }
        }
    }
}

/// engine.lua's random stream: SplitMix64, wrapping as Lua's integers do; `below(n)` is
/// `(next >> 1) % n` with a logical shift, as engine.lua's `below`.
struct ExploreStream {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A draw in 0..<n (n >= 1).
    mutating func below(_ n: Int64) -> Int64 {
        Int64(bitPattern: next() >> 1) % n
    }
}
