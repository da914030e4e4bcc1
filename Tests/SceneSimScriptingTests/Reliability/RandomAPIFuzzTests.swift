import LuaKit
import SceneSimCore
import SceneSimScripting
import Testing

/// Random calls of the whole scenario API — wrong types, NaN and huge numbers, stale handles,
/// hooks that raise or drive the simulation — each under `pcall`, with a fixed seed. After every
/// call the simulator's own consistency checks must hold; a call that failed with a misuse error
/// must leave the simulation as it was; and two runs with the same seed print the same bytes.
@Suite("Random API fuzz")
struct RandomAPIFuzzTests {
    /// The driver: `steps` random calls; `check(failed_message)` is the Swift side's verdict.
    static let driver = #"""
        local steps = ...
        local app = sim.launch {
          scenes = { { id = "main" }, { id = "doc", value = "string" }, { id = "item", value = "integer" } },
          routes = { doc = "doc", item = "item" },
          policy = { storage_warn_bytes = 64 },
        }
        local R = math.random
        local handles = { app.front }
        local pool = {
          nil, true, false, 0, 1, -1, 2, 2.0, 0.5, 0 / 0, 1 / 0, -1 / 0, math.maxinteger, math.mininteger, 1e300,
          "", "main", "doc", "item", "mian", "x", "a\0b", "\xff\xfe", "é", "e\u{301}", "ada", "system", "user", "crash",
          "app://doc/7", "app://item/3", "app://nope/1", "authenticated(ada)", "unauthenticated", "loading",
          "onboarding(welcome)", "error(networkUnavailable)", "phase", "scene_phase", "state", "restore",
          {}, { user = "ada" }, { user = "bob", new_user = true }, { user = 1 }, print,
        }
        local function any()
          local i = R(#pool + 3)
          if i > #pool then return handles[R(#handles)] end
          return pool[i]
        end
        local function hook_body(...)
          local roll = R(10)
          if roll == 1 then error("HOOKFAIL " .. tostring(select("#", ...))) end
          if roll == 2 then pcall(app.background, app) end
          if roll == 3 then local w = app.front; if w then w.storage.seen = (w.storage.seen or 0) + 1 end end
          if roll == 4 then return false end
          return true
        end
        local ops = {
          function() sim.advance(any()) end,
          function() sim.advance(R() * 3) end,
          function() sim.settle() end,
          function() sim.network(any()) end,
          function() sim.server.revoke(any()) end,
          function() sim.log(any(), any()) end,
          function() local w, created = app:open_window(any(), any()); if w then handles[#handles + 1] = w end; return created end,
          function() local w = app:open_window("doc", tostring(R(4))); if w then handles[#handles + 1] = w end end,
          function() local w = app:open_window("item", R(4)); if w then handles[#handles + 1] = w end end,
          function() return app:dismiss_window(any(), any()) end,
          function() app:background() end,
          function() app:foreground() end,
          function() app:switcher() end,
          function() app:interrupt() end,
          function() app:resume() end,
          function() app:terminate(any()) end,
          function() app:terminate(({ "system", "user", "crash" })[R(3)]) end,
          function() app:launch() end,
          function() app:login(any()) end,
          function() app:login { user = "ada", new_user = R(2) == 1 } end,
          function() app:next_step() end,
          function() app:cancel_onboarding() end,
          function() app:logout() end,
          function() app:retry() end,
          function() return app:transition(any()) end,
          function() return app:open_url(any()) end,
          function() app:on(any(), R(3) == 1 and nil or hook_body) end,
          function() app:on(({ "phase", "scene_phase", "state", "restore" })[R(4)], hook_body) end,
          function() local w = handles[R(#handles)]; w:focus() end,
          function() local w = handles[R(#handles)]; w:background() end,
          function() local w = handles[R(#handles)]; w:close() end,
          function() local w = handles[R(#handles)]; w:disconnect() end,
          function() local w = handles[R(#handles)]; w.storage[any()] = any() end,
          function() local w = handles[R(#handles)]; w.storage["k" .. R(5)] = ({ 1, 2.5, "v", true, ("x"):rep(R(100)) })[R(5)] end,
          function() local w = handles[R(#handles)]; return w.storage[any()] end,
          function() local w = handles[R(#handles)]; return w.saved, w.phase, w.connected, w.alive, tostring(w) end,
          function() return app.state, app.phase, #app.windows, #app.sessions, #app.history, #app.rejected end,
          function() local w = any(); return w.id end,
          function() app.state = any() end,
        }
        local failed, succeeded = 0, 0
        for step = 1, steps do
          local op = R(#ops)
          local ok, err = pcall(ops[op])
          if ok then succeeded = succeeded + 1 else failed = failed + 1 end
          check(step, op, ok or tostring(err))
        end
        print(("fuzz: %d calls, %d succeeded, %d failed"):format(steps, succeeded, failed))
        """#

    struct Finding: CustomStringConvertible {
        var step: Int, op: Int, problem: String
        var description: String { "step \(step) (op \(op)): \(problem)" }
    }

    /// Runs the driver once; returns the output and everything the checks found.
    static func fuzz(seed: Int64, steps: Int) -> (output: [UInt8], findings: [Finding], failedCalls: Int) {
        var output: [UInt8] = []
        var findings: [Finding] = []
        var failedCalls = 0
        let host = ScriptHost(options: ScenarioOptions(seed: seed, maxInstructions: 50_000_000, maxMemory: 256 << 20), output: { output += $0 })
        var before: Simulator.Snapshot?
        // Snapshots are taken before each call by the hook-free `mark` below, and compared
        // after a call that failed with a misuse (not a hook's own error, which is raised after
        // the operation completed and legitimately changed things).
        host.lua.register("mark") { _ in
            before = host.simulator?.snapshot()
            return .values(0)
        }
        host.lua.register("check") { call in
            let step = Int(call.int(at: 1) ?? -1), op = Int(call.int(at: 2) ?? -1)
            if let simulator = host.simulator {
                for problem in simulator._checkInvariants() {
                    findings.append(Finding(step: step, op: op, problem: problem))
                }
                if let message = call.string(at: 3) {
                    failedCalls += 1
                    let misuse = !message.contains("HOOKFAIL") && !message.contains("hook")
                    if misuse, let before, before != simulator.snapshot() {
                        findings.append(Finding(step: step, op: op, problem: "a failed call changed the simulation: \(message)"))
                    }
                }
            }
            return .values(0)
        }
        let source = driver.replacingOccurrences(of: "local ok, err = pcall(ops[op])", with: "mark()\n  local ok, err = pcall(ops[op])")
        do {
            _ = try host.run(source.replacingOccurrences(of: "local steps = ...", with: "local steps = \(steps)"), chunkName: "@fuzz.lua")
        } catch {
            findings.append(Finding(step: -1, op: -1, problem: "the driver itself failed: \(error)"))
        }
        return (output, findings, failedCalls)
    }

    @Test("thousands of random API calls keep every invariant; failed calls change nothing", arguments: [1, 2, 3] as [Int64])
    func invariantsHold(seed: Int64) {
        let run = Self.fuzz(seed: seed, steps: 1500)
        #expect(run.findings.isEmpty, "\(run.findings.prefix(10).map(\.description).joined(separator: "\n"))")
        #expect(run.failedCalls > 100, "the fuzz should provoke many misuse errors, got \(run.failedCalls)")
        #expect(String(decoding: run.output, as: UTF8.self).contains("fuzz: 1500 calls"), "the driver ran to its end")
    }

    @Test("the same seed prints the same bytes")
    func deterministic() {
        let first = Self.fuzz(seed: 7, steps: 800), second = Self.fuzz(seed: 7, steps: 800)
        #expect(first.output == second.output)
        #expect(first.output.count > 10_000, "the fuzz traced little: \(first.output.count) bytes")
    }
}
