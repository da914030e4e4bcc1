import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("sim.launch options")
struct LaunchConfigTests {
    @Test("unknown sim.launch keys name the key with a did-you-mean suggestion")
    func unknownSimLaunchKeysNameTheKeyWithA() {
        let source = """
            print(pcall(function() sim.launch{ platfrom = "ipados" } end))
            print(pcall(function() sim.launch{ policy = { force_qiut = "keep" } } end))
            print(pcall(function() sim.launch{ scenes = { { id = "main", knd = "window" } } } end))
            print(pcall(function() sim.launch{ 1 } end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:1: sim.launch: unknown option "platfrom" (did you mean "platform"?)
                        false	test.lua:2: sim.launch: unknown option "policy.force_qiut" (did you mean "force_quit"?)
                        false	test.lua:3: sim.launch: unknown option "scenes[1].knd" (did you mean "kind"?)
                        false	test.lua:4: sim.launch: options must use string keys (found [1]); options are platform, scenes, session, session_ttl, min_loading, auth_latency, multiple_scenes, visible_limit, routes, policy, model, url_schemes, os

                        """,
                    error: nil
                ))
    }

    @Test("sim.launch options of the wrong type or value name the key")
    func simLaunchOptionsOfTheWrongTypeOrValue() {
        let source = """
            print(pcall(function() sim.launch(1) end))
            print(pcall(function() sim.launch{ platform = "ipad" } end))
            print(pcall(function() sim.launch{ min_loading = "x" } end))
            print(pcall(function() sim.launch{ multiple_scenes = 1 } end))
            print(pcall(function() sim.launch{ visible_limit = 1.5 } end))
            print(pcall(function() sim.launch{ scenes = "main" } end))
            print(pcall(function() sim.launch{ scenes = { { id = "doc", value = "date" } } } end))
            print(pcall(function() sim.launch{ session = { ttl = 3 } } end))
            print(pcall(function() sim.launch{ routes = { item = "detial" }, scenes = { { id = "main" }, { id = "detail", value = "string" } } } end))
            print(pcall(function() sim.launch{ os = 18.5 } end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:1: sim.launch: expects a table of options, e.g. sim.launch{ platform = "ipados" }, not an integer
                        false	test.lua:2: sim.launch: platform must be one of "iphone", "ipados", "macos", "visionos" (got "ipad")
                        false	test.lua:3: sim.launch: min_loading must be a number of seconds, not string "x"
                        false	test.lua:4: sim.launch: multiple_scenes must be true or false, not integer 1
                        false	test.lua:5: sim.launch: visible_limit must be an integer, not float 1.5
                        false	test.lua:6: sim.launch: scenes must be a list of scene tables, e.g. scenes = { { id = "main" }, { id = "detail", value = "string" } }
                        false	test.lua:7: sim.launch: scenes[1].value must be one of "string", "integer" (got "date")
                        false	test.lua:8: sim.launch: session needs a user, e.g. session = { user = "ada" }
                        false	test.lua:9: sim.launch: routes.item names scene "detial", which is not declared (did you mean "detail"?)
                        false	test.lua:10: sim.launch: os must be a version of iPadOS such as "15", "16", "17", "18", "26", as a string ("15.2" for a minor version) or an integer, not a float

                        """,
                    error: nil
                ))
    }

    @Test("a time that must be positive says so for 0 and for a span under the clock's microsecond alike (issue 43)")
    func positiveTimesAgree() {
        let run = runScript(
            """
            print(pcall(function() sim.launch{ policy = { refresh_time = 0 } } end))
            print(pcall(function() sim.launch{ policy = { refresh_time = 1e-7 } } end))
            print(pcall(function() sim.launch{ policy = { background_time = 1e-7 } } end))
            print(pcall(function() sim.launch{ session_ttl = 1e-7 } end))
            print(pcall(function() sim.launch{ policy = { suspend_after = 1e-7 } } end))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:1: sim.launch: policy.refresh_time must be positive (got 0.000)
                        false\ttest.lua:2: sim.launch: policy.refresh_time must be positive: at least 0.000001 seconds (the clock counts whole microseconds), not 1e-07
                        false\ttest.lua:3: sim.launch: policy.background_time must be positive: at least 0.000001 seconds (the clock counts whole microseconds), not 1e-07
                        false\ttest.lua:4: sim.launch: session_ttl must be positive: at least 0.000001 seconds (the clock counts whole microseconds), not 1e-07
                        false\ttest.lua:5: sim.launch: policy.suspend_after must be 0 or at least 0.000001 seconds (the clock counts whole microseconds), not 1e-07

                        """,
                    error: nil
                ))
    }

    @Test("duplicate scene ids and Window scenes on ipados are refused at sim.launch")
    func duplicateSceneIdsAndWindowScenesOnIpadosAre() {
        let source = """
            print(pcall(function() sim.launch{ scenes = { { id = "main" }, { id = "main" } } } end))
            print(pcall(function() sim.launch{ scenes = { { id = "main" }, { id = "settings", kind = "window" } } } end))
            local app = sim.launch{ platform = "macos", scenes = { { id = "main" }, { id = "settings", kind = "window" } } }
            print(app:open_window("settings"))
            print(app:open_window("settings"))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:1: sim.launch: scenes: duplicate scene id "main"; every scene needs its own id
                        false	test.lua:2: sim.launch: scenes: "settings" has kind = "window", but ipados has no Window scenes (only macos and visionos); use a WindowGroup (drop kind)
                        [   0.000] app         launch #1 on macos: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.000] settings#1  connected (new session) -> inactive
                        [   0.000] settings#1  phase inactive -> active
                        settings#1	true
                        [   0.000] settings#1  already open: brought to front
                        settings#1	false

                        """,
                    error: nil
                ))
    }

    @Test("calling sim.launch twice is refused and points to app:launch")
    func callingSimLaunchTwiceIsRefusedAndPointsTo() {
        let source = """
            local app = sim.launch{}
            sim.advance(1)
            print(pcall(function() sim.launch{} end))
            print(app.launches)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        false	test.lua:3: sim.launch: the app is already declared (1 launch so far); sim.launch runs once per scenario: to start the app again after app:terminate(), call app:launch()
                        1

                        """,
                    error: nil
                ))
    }
}
