import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("The sim global: the device")
struct SimTests {
    @Test("sim.launch returns the app handle and cold-launches the app once")
    func simLaunchReturnsTheAppHandleAndColdLaunches() {
        let source = """
            local app = sim.launch{}
            print(app, app.running, app.launches)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        app(ipados, loading)	true	1

                        """,
                    error: nil
                ))
    }

    @Test("sim.app is nil before sim.launch, then the app handle it returned, also through require")
    func simAppIsTheLaunchedApp() {
        let source = """
            print(sim.app)
            local app = sim.launch{}
            print(sim.app == app, require("scenesim").app == app, sim.app.phase)
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "nil\ntrue\ttrue\tactive\n", error: nil))
    }

    @Test("sim.now reads virtual seconds and sim.advance runs scheduled events in time order")
    func simNowReadsVirtualSecondsAndSimAdvanceRuns() {
        let source = """
            print(sim.now())
            local app = sim.launch{ min_loading = 1, session = { user = "ada" } }
            sim.advance(0.25)
            print(sim.now(), app.state)
            sim.advance(1)
            print(sim.now(), app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        0.0
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] auth        validating the session of ada with the server
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.200] auth        session of ada: valid
                        0.25	loading
                        [   1.000] app         state loading -> authenticated(ada)
                        1.25	authenticated(ada)

                        """,
                    error: nil
                ))
    }

    @Test("sim.settle runs until nothing is scheduled")
    func simSettleRunsUntilNothingIsScheduled() {
        let source = """
            local app = sim.launch{ session = { user = "ada" }, auth_latency = 2 }
            sim.settle()
            print(sim.now(), app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] auth        validating the session of ada with the server
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   2.000] auth        session of ada: valid
                        [   2.000] app         state loading -> authenticated(ada)
                        2.0	authenticated(ada)

                        """,
                    error: nil
                ))
    }

    @Test("sim.network reads and sets reachability, and an unreachable server keeps the user logged in")
    func simNetworkReadsAndSetsReachabilityAndAnUnreachable() {
        let source = """
            print(sim.network())
            local app = sim.launch{}
            sim.settle()
            app:login{ user = "ada" }
            print(sim.network(false), sim.network())
            app:background()
            app:foreground()
            sim.settle()
            print(app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        true
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        [   0.500] network     down
                        false	false
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        [   0.500] main#1      phase background -> inactive
                        [   0.500] app         phase background -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        [   0.500] auth        validating the session of ada with the server
                        [   0.700] auth        warning: cannot reach the server to validate the session of ada; staying logged in
                        authenticated(ada)

                        """,
                    error: nil
                ))
    }

    @Test("sim.server.revoke expires the user's session at the next activation")
    func simServerRevokeExpiresTheUserSSessionAt() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            app:login{ user = "ada" }
            sim.server.revoke("ada")
            app:background()
            app:foreground()
            sim.settle()
            print(app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        [   0.500] server      revoked 1 session of ada
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        [   0.500] main#1      phase background -> inactive
                        [   0.500] app         phase background -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        [   0.500] auth        validating the session of ada with the server
                        [   0.700] auth        session of ada: revoked
                        [   0.700] app         state authenticated(ada) -> error(sessionExpired)
                        error(sessionExpired)

                        """,
                    error: nil
                ))
    }

    @Test("sim.log writes a note line into the trace, rendering tables deterministically")
    func simLogWritesANoteLineIntoTheTrace() {
        let source = """
            sim.log("before launch")
            sim.launch{}
            sim.log("hello", 42, { b = 2, a = 1 })
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] note        before launch
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.000] note        hello 42 {a = 1, b = 2}

                        """,
                    error: nil
                ))
    }

    @Test("sim.seed sets and returns the seed of math.random")
    func simSeedSetsAndReturnsTheSeedOfMath() {
        let source = """
            print(sim.seed())
            print(sim.seed(7))
            local a = math.random(1000000)
            sim.seed(7)
            print(a == math.random(1000000), sim.seed())
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        0
                        7
                        true	7

                        """,
                    error: nil
                ))
    }

    @Test("require \"scenesim\" returns the sim global")
    func requireScenesimReturnsTheSimGlobal() {
        let source = """
            local s = require "scenesim"
            print(s == sim, s.launch == sim.launch)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        true	true

                        """,
                    error: nil
                ))
    }

    @Test("sim.settle gives up after 100000 events when a hook keeps scheduling work")
    func simSettleGivesUpAfter100000EventsWhenA() {
        let source = """
            local app = sim.launch{ session = { user = "ada", ttl = 1e9 } }
            sim.settle()
            app:on("state", function(old, new)
              if new == "authenticated(ada)" then app:transition("error(maintenanceMode)") end
              if new == "error(maintenanceMode)" then app:retry() end
            end)
            app:transition("error(maintenanceMode)")
            print(pcall(function() sim.settle() end))
            print(sim.now())
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:8: sim.settle(): did not settle after 100000 events; something keeps scheduling work (a hook that reacts to every change?)
                        25000.5

                        """,
                    error: nil
                ))
    }
}
