import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("The app handle: fields and operations")
struct AppTests {
    @Test("the app's read-only fields describe the running app")
    func theAppSReadOnlyFieldsDescribeTheRunning() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local d = app:open_window("detail", "42")
            print(app.running, app.launches, app.phase, app.state)
            print(app.windows, app.sessions, app.front)
            print(app.history)
            print(app.rejected)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        true	1	active	unauthenticated
                        {detail#1("42"), main#1}	{main#1, detail#1("42")}	detail#1("42")
                        {{at = 0.5, from = "loading", to = "unauthenticated"}}
                        {}

                        """,
                    error: nil
                ))
    }

    @Test("app:open_window creates a window and dedups by value")
    func appOpenWindowCreatesAWindowAndDedupsBy() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            print(app:open_window("main"))
            print(app:open_window("detail", "42"))
            print(app:open_window("detail", "7"))
            print(app:open_window("detail", "42"))
            print(app.windows)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] main#2      connected (new session) -> inactive
                        [   0.500] main#2      phase inactive -> active
                        main#2	true
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] main#1      phase inactive -> background
                        detail#1("42")	true
                        [   0.500] detail#2    connected (new session, value "7") -> inactive
                        [   0.500] detail#2    phase inactive -> active
                        [   0.500] main#2      phase active -> inactive
                        [   0.500] main#2      phase inactive -> background
                        detail#2("7")	true
                        [   0.500] detail#1    already open: brought to front
                        detail#1("42")	false
                        {detail#1("42"), detail#2("7"), main#2, main#1}

                        """,
                    error: nil
                ))
    }

    @Test("app:open_window on an iphone is ignored with a warning and returns nil, false")
    func appOpenWindowOnAnIphoneIsIgnoredWith() {
        let source = """
            local app = sim.launch{ platform = "iphone", scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            print(app:open_window("detail", "42"))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on iphone: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.000] app         warning: openWindow(id: "detail") ignored: iphone shows one window per app
                        nil	false

                        """,
                    error: nil
                ))
    }

    @Test("app:dismiss_window closes the whole group, or the window presenting a value")
    func appDismissWindowClosesTheWholeGroupOrThe() {
        let source = """
            local app = sim.launch{ platform = "macos", scenes = { { id = "main" }, { id = "detail", value = "integer" } } }
            sim.settle()
            app:open_window("detail", 1)
            app:open_window("detail", 2)
            app:open_window("detail", 3)
            print(app:dismiss_window("detail", 2))
            print(app:dismiss_window("detail"))
            print(app.windows)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on macos: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value 1) -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] detail#2    connected (new session, value 2) -> inactive
                        [   0.500] detail#2    phase inactive -> active
                        [   0.500] detail#3    connected (new session, value 3) -> inactive
                        [   0.500] detail#3    phase inactive -> active
                        [   0.500] app         sessions discarded (dismissWindow): detail#2; didDiscardSceneSessions delivered
                        1
                        [   0.500] app         sessions discarded (dismissWindow): detail#3; didDiscardSceneSessions delivered
                        [   0.500] app         sessions discarded (dismissWindow): detail#1; didDiscardSceneSessions delivered
                        2
                        {main#1}

                        """,
                    error: nil
                ))
    }

    @Test("app:background, app:foreground, app:switcher, app:interrupt and app:resume move the scene phases")
    func appBackgroundAppForegroundAppSwitcherAppInterruptAnd() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            app:switcher()
            print(app.phase)
            app:background()
            print(app.phase)
            app:foreground()
            print(app.phase)
            app:interrupt()
            print(app.phase)
            app:resume()
            print(app.phase)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        inactive
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        background
                        [   0.500] main#1      phase background -> inactive
                        [   0.500] app         phase background -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        active
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        inactive
                        [   0.500] main#1      phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        active

                        """,
                    error: nil
                ))
    }

    @Test("app:terminate and app:launch relaunch the app and restore its scenes")
    func appTerminateAndAppLaunchRelaunchTheAppAnd() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local d = app:open_window("detail", "42")
            d.storage.page = 3
            app:background()
            app:terminate("system")
            print(app.running, app.windows, app.sessions)
            app:launch()
            sim.settle()
            print(app.running, app.launches, app.windows, d.storage.page)
            app:terminate("crash")
            print(app.running)
            app:launch()
            app:terminate("user")
            print(app.running, app.sessions)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] detail#1    phase active -> inactive
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] detail#1    phase inactive -> background
                        [   0.500] detail#1    storage saved: 1 key, 12 bytes
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        [   0.500] app         terminated (system): restoration data kept
                        false	{}	{main#1, detail#1("42")}
                        [   0.500] app         launch #2 on ipados: restoring detail#1, main#1
                        [   0.500] detail#1    connected (restored, value "42") -> inactive
                        [   0.500] main#1      connected (restored) -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        [   0.500] main#1      phase inactive -> active
                        [   1.000] app         state loading -> unauthenticated
                        true	2	{detail#1("42"), main#1}	3
                        [   1.000] app         terminated (crash): restoration data kept
                        false
                        [   1.000] app         launch #3 on ipados: restoring detail#1, main#1
                        [   1.000] detail#1    connected (restored, value "42") -> inactive
                        [   1.000] main#1      connected (restored) -> inactive
                        [   1.000] detail#1    phase inactive -> active
                        [   1.000] app         phase inactive -> active: validate session and refresh
                        [   1.000] main#1      phase inactive -> active
                        [   1.000] detail#1    phase active -> inactive
                        [   1.000] main#1      phase active -> inactive
                        [   1.000] app         phase active -> inactive: prepare for background
                        [   1.000] detail#1    disconnected (session kept)
                        [   1.000] main#1      disconnected (session kept)
                        [   1.000] app         terminated (user): restoration data discarded
                        [   1.000] app         sessions discarded (force quit discards restoration data): main#1, detail#1; the app is told at its next launch
                        false	{}

                        """,
                    error: nil
                ))
    }

    @Test("app:login, app:next_step, app:cancel_onboarding and app:logout walk the app states")
    func appLoginAppNextStepAppCancelOnboardingAnd() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            app:login{ user = "bo", new_user = true }
            print(app.state)
            app:next_step()
            print(app.state)
            app:cancel_onboarding()
            print(app.state)
            app:login{ user = "bo", new_user = true }
            app:next_step()
            app:next_step()
            app:next_step()
            print(app.state)
            app:next_step()
            print(app.state)
            app:logout()
            print(app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] auth        session of bo stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> onboarding(welcome)
                        onboarding(welcome)
                        [   0.500] app         state onboarding(welcome) -> onboarding(permissions)
                        onboarding(permissions)
                        [   0.500] auth        session of bo cleared from the keychain (onboarding cancelled)
                        [   0.500] app         state onboarding(permissions) -> unauthenticated
                        unauthenticated
                        [   0.500] auth        session of bo stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> onboarding(welcome)
                        [   0.500] app         state onboarding(welcome) -> onboarding(permissions)
                        [   0.500] app         state onboarding(permissions) -> onboarding(profileSetup)
                        [   0.500] app         state onboarding(profileSetup) -> onboarding(complete)
                        onboarding(complete)
                        [   0.500] app         state onboarding(complete) -> authenticated(bo)
                        authenticated(bo)
                        [   0.500] auth        session of bo cleared from the keychain (logout)
                        [   0.500] app         state authenticated(bo) -> unauthenticated
                        unauthenticated

                        """,
                    error: nil
                ))
    }

    @Test("app:retry leaves the error state for loading and initializes again")
    func appRetryLeavesTheErrorStateForLoadingAnd() {
        let source = """
            local app = sim.launch{ session = { user = "ada", ttl = 1 } }
            sim.settle()
            print(app.state)
            print(app:transition("error(maintenanceMode)"))
            print(app:transition("error(networkUnavailable)"))
            app:retry()
            print(app.state)
            sim.settle()
            print(app.state)
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
                        [   0.200] auth        session of ada: valid
                        [   0.500] app         state loading -> authenticated(ada)
                        authenticated(ada)
                        [   0.500] app         state authenticated(ada) -> error(maintenanceMode)
                        true
                        [   0.500] app         state error(maintenanceMode) -> error(networkUnavailable) rejected: error cannot go to error; from error the app may go to loading, unauthenticated
                        false	error cannot go to error; from error the app may go to loading, unauthenticated
                        [   0.500] app         state error(maintenanceMode) -> loading
                        [   0.500] auth        validating the session of ada with the server
                        loading
                        [   0.700] auth        session of ada: valid
                        [   1.000] app         state loading -> authenticated(ada)
                        authenticated(ada)

                        """,
                    error: nil
                ))
    }

    @Test("app:transition validates a raw request and records a rejected one")
    func appTransitionValidatesARawRequestAndRecordsA() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            print(app:transition("authenticated(ada)"))
            print(app:transition("onboarding(welcome)"))
            print(app.state)
            print(app.rejected)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        true
                        [   0.500] app         state authenticated(ada) -> onboarding(welcome) rejected: authenticated cannot go to onboarding; from authenticated the app may go to unauthenticated, error
                        false	authenticated cannot go to onboarding; from authenticated the app may go to unauthenticated, error
                        authenticated(ada)
                        {{at = 0.5, from = "authenticated(ada)", reason = "authenticated cannot go to onboarding; from authenticated the app may go to unauthenticated, error", to = "onboarding(welcome)"}}

                        """,
                    error: nil
                ))
    }

    @Test("app:open_url is handled only while authenticated, by opening or fronting the routed window")
    func appOpenUrlIsHandledOnlyWhileAuthenticatedBy() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main", allows = function() return true end }, { id = "detail", value = "string" } }, routes = { item = "detail" } }
            sim.settle()
            print(app:open_url("app://item/42"))
            app:login{ user = "ada" }
            print(app:open_url("app://item/42"))
            print(app:open_url("app://item/42"))
            print(app.windows)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] app         open url app://item/42: not handled: the app is unauthenticated; deep links are handled only while authenticated
                        false
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] app         open url app://item/42: handled by detail#1
                        true
                        [   0.500] main#1      brought to front
                        [   0.500] detail#1    already open: brought to front
                        [   0.500] app         open url app://item/42: handled by detail#1
                        true
                        {detail#1("42"), main#1}

                        """,
                    error: nil
                ))
    }
}
