import Foundation
import GoldenRunner
import Testing

/// Runs until asked to stop, then returns what a Lua scenario interrupted in a loop returns.
struct EndlessExecutor: ScenarioExecutor {
    /// Scenarios with other names run as `FakeExecutor` runs them.
    var endless: Set<String>
    /// Ignore the request to stop, as code stuck in a C library call would.
    var ignoresStop = false

    func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        guard endless.contains(scenario.name) else { return FakeExecutor.defaultOutcome(scenario.name) }
        let stopped = StopFlag()
        stop.onRequest { stopped.set() }
        while !stopped.isSet || ignoresStop {
            Thread.sleep(forTimeInterval: 0.005)
            if ignoresStop, stopped.isSet { Thread.sleep(forTimeInterval: 2); break }
        }
        return ScenarioOutcome(
            stdout: "one\ntwo\nthree\nfour\nfive\nsix\u{1B}[2J\n",
            stderr: "\(scenario.name).lua:2: interrupted\nstack traceback:\n", exitStatus: 1
        )
    }
}

final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

@Suite("--timeout: a runaway scenario is stopped, reported, and the run carries on")
struct TimeoutTests {
    @Test("An endless scenario fails with its last output and where it stopped; the others still run and report in order")
    func endlessScenarioTimesOut() throws {
        let sandbox = try Sandbox()
        for name in ["a", "loop", "z"] { try sandbox.write("scenarios/\(name).lua", "") }
        for name in ["a", "z"] { try sandbox.write("scenarios/\(name).golden", FakeExecutor.golden(name)) }
        try sandbox.write("scenarios/loop.golden", "reviewed\n--- exit 0\n")

        let run = runSuite(in: sandbox, executor: EndlessExecutor(endless: ["loop"])) {
            $0.timeout = .milliseconds(100)
            $0.update = true
        }

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        PASS: a
                        FAIL: loop (timed out after 0.1 s)
                        last output:
                          two
                          three
                          four
                          five
                          six\\027[2J
                        stopped at:
                        loop.lua:2: interrupted
                        stack traceback:
                        if it really needs longer, raise the limit with --timeout SECONDS (0 for none)
                        PASS: z
                        2 passed, 1 failed

                        """))
        // Partial output is never recorded, even under --update.
        #expect(sandbox.read("scenarios/loop.golden") == "reviewed\n--- exit 0\n")
    }

    @Test("A scenario that ignores the request to stop is given up on, and the run still finishes")
    func stuckScenarioIsAbandoned() throws {
        let sandbox = try Sandbox()
        for name in ["a", "stuck"] { try sandbox.write("scenarios/\(name).lua", "") }
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))

        let run = runSuite(in: sandbox, executor: EndlessExecutor(endless: ["stuck"], ignoresStop: true)) {
            $0.timeout = .milliseconds(100)
            $0.jobs = 1
        }

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        PASS: a
                        FAIL: stuck (timed out after 0.1 s and did not stop when asked (stuck in a library call?))
                        if it really needs longer, raise the limit with --timeout SECONDS (0 for none)
                        1 passed, 1 failed

                        """))
    }
}
