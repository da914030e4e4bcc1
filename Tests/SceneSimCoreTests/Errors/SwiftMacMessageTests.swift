import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 40: the Mac's inputs and the calls their errors name, as a Swift caller reads them,
/// word for word. They were Lua rewritten by a table and regexes, which left Lua in Swift's
/// text (`add { id = "settings", ... } to scenes`, `app:schedule_refresh`,
/// `sim.system.refresh(app)`, `openURL(_:)(...)`); the script's words stay as they were.
@Suite("The Mac's errors speak Swift to Swift callers, word for word")
struct SwiftMacMessageTests {
    @Test("each Mac input on an iPhone is refused as the simulator's method, with the feature it is")
    func macOnlyInputs() throws {
        let phone = try Simulator(config: .testing(.iphone))
        try phone.launch()
        let main = try #require(phone.windows.first)
        let cases: [(String, () throws -> Void, String, String)] = [
            ("hide", { try phone.hide() }, "hide() is Hide (⌘H)", "app:hide() is Hide (⌘H)"),
            ("reopen", { try phone.reopen() }, "reopen() is a click on the Dock icon", "app:reopen() is a click on the Dock icon"),
            ("openSettings", { try phone.openSettings() }, "openSettings() is the Settings scene (⌘,)", "app:open_settings() is the Settings scene (⌘,)"),
            ("minimize", { try phone.minimize(main) }, "minimize(_:) is minimising to the Dock", "w:minimize() is minimising to the Dock"),
            (
                "quitKeepingWindows", { try phone.quitKeepingWindows() }, "quitKeepingWindows() is Quit and Keep Windows (⌥⌘Q)",
                "app:terminate(\"user\", { keep_windows = true }) is Quit and Keep Windows (⌥⌘Q)"
            ),
        ]
        for (name, call, swift, script) in cases {
            let error = #expect(throws: SimError.self, "\(name)") { try call() }
            #expect(error?.description == swift + ", which exists only on macos; this app runs on iphone")
            #expect(error?.message == script + ", which exists only on macos; this app runs on iphone")
        }
        let watchdog = #expect(throws: SimError.self) { try phone.terminate(.watchdog) }
        #expect(
            watchdog?.description
                == "terminate(.watchdog): only the system's watchdog ends an app that way, when a background task outlives its background time; begin a task with beginBackgroundTask(named:expirationHandler:) and let the time run out, or use .system, .user or .crash"
        )
        #expect(
            watchdog?.message
                == "app:terminate(\"watchdog\"): only the system's watchdog ends an app that way, when a background task outlives its background time; begin a task with app:begin_background_task and let the time run out, or use \"system\", \"user\" or \"crash\""
        )
        let force = #expect(throws: SimError.self) { try phone.terminate(.force) }
        #expect(force?.description == "terminate(.force) is the Mac's Force Quit (⌥⌘⎋); on iphone the user force quits an app from the app switcher: use terminate(.user)")
        #expect(
            force?.reason
                == .message(
                    "\(APICall.terminate(.force)) is the Mac's Force Quit (⌥⌘⎋); on iphone the user force quits an app from the app switcher: use \(APICall.terminate(.user))"))
    }

    @Test("the Settings scene's errors name openSettings() and a SceneDeclaration, never a Lua table")
    func settings() throws {
        let mac = try Simulator(config: .testing(.macos, scenes: [.group("main"), SceneDeclaration(id: "settings", kind: .settings)]))
        try mac.launch()
        let settings = #expect(throws: SimError.self) { try mac.openWindow("settings") }
        #expect(settings?.description == "openWindow(_:value:): scene \"settings\" is the Settings scene, which openWindow cannot open; call openSettings()")
        #expect(settings?.message == "app:open_window: scene \"settings\" is the Settings scene, which openWindow cannot open; call app:open_settings()")

        let none = try Simulator(config: .testing(.macos))
        try none.launch()
        let missing = #expect(throws: SimError.self) { try none.openSettings() }
        #expect(missing?.description == "openSettings(): the app declares no Settings scene; add SceneDeclaration(id: \"settings\", kind: .settings) to the scenes")
        #expect(missing?.message == "app:open_settings(): the app declares no Settings scene; add { id = \"settings\", kind = \"settings\" } to scenes")
    }

    @Test("hiding, minimising and the Dock name hide(), focus(_:), foreground(), reopen() and background()")
    func dockAndHiding() throws {
        let mac = try Simulator(config: .testing(.macos))
        try mac.launch()
        let main = try #require(mac.windows.first)
        let inactive = #expect(throws: SimError.self) { try mac.disconnect(main) }
        #expect(
            inactive?.description
                == "disconnect(_:): the system disconnects only background scenes, and main#1 is active; call background() (hide()) first; on macos backgroundWindow(_:) minimises a window to the Dock, where it stays inactive"
        )
        try mac.minimize(main)
        let twice = #expect(throws: SimError.self) { try mac.minimize(main) }
        #expect(twice?.description == "main#1 is already minimised to the Dock; call focus(_:) to bring it back")
        let docked = #expect(throws: SimError.self) { try mac.foreground() }
        #expect(docked?.description == "foreground(): every window is minimised to the Dock; focus(_:) brings one back, reopen() asks the app")
        #expect(docked?.message == "app:foreground(): every window is minimised to the Dock; w:focus() brings one back, app:reopen() asks the app")
        let bare = try Simulator(config: .testing(.macos))
        try bare.launch()
        try bare.hide()
        let hidden = #expect(throws: SimError.self) { try bare.hide() }
        #expect(hidden?.description == "hide(): no window is on screen (the app is hidden or has none); foreground() unhides it")
        #expect(hidden?.message == "app:hide(): no window is on screen (the app is hidden or has none); app:foreground() unhides it")
    }

    @Test("a Mac has no background refresh: scheduleRefresh(after:) and runBackgroundRefresh() say so in Swift")
    func refreshOnMac() throws {
        let mac = try Simulator(config: .testing(.macos))
        try mac.launch()
        let schedule = #expect(throws: SimError.self) { try mac.scheduleRefresh(after: 60) }
        #expect(
            schedule?.description
                == "scheduleRefresh(after:): macos has no background app refresh (BGTaskScheduler exists on iphone, ipados and visionos); a Mac app keeps running in the background instead"
        )
        #expect(
            schedule?.message
                == "app:schedule_refresh: macos has no background app refresh (BGTaskScheduler exists on iphone, ipados and visionos); a Mac app keeps running in the background instead"
        )
        let run = #expect(throws: SimError.self) { try mac.runBackgroundRefresh() }
        #expect(run?.description == "runBackgroundRefresh(): macos has no background app refresh (only iphone, ipados and visionos)")
        #expect(run?.message == "sim.system.refresh(app): macos has no background app refresh (only iphone, ipados and visionos)")
    }

    @Test("a suspended app's refusal lists the Swift calls that resume it")
    func suspended() throws {
        let phone = try Simulator(config: .testing(.iphone))
        try phone.launch()
        try phone.background()
        try phone.advance(seconds: 10)
        let error = #expect(throws: SimError.self) { try phone.setDefault("k", .int(1)) }
        #expect(error?.reason == .suspended(.writeDefaults, since: .at(5)))
        #expect(
            error?.description
                == "setDefault(_:_:): the app is suspended (since 5.000 s, in the background), so none of its code runs; resume it first: foreground(), focus(_:), openURL(_:) or runBackgroundRefresh()"
        )
        #expect(
            error?.message
                == "writing app.defaults: the app is suspended (since 5.000 s, in the background), so none of its code runs; resume it first: app:foreground(), w:focus(), app:open_url(...) or sim.system.refresh(app)"
        )
    }

    @Test("an intent called with the wrong arguments, or that throws, is named as perform(intent:) names it")
    @MainActor func intentMessages() throws {
        struct Jammed: Error, CustomStringConvertible { var description: String { "the lock is jammed" } }
        var model = try AppModel(states: ["locked", "open"], initial: "locked", transitions: ["locked": ["open"]])
        try model.addIntent("unlock", parameters: [.init("pin", .string)]) { _, _ in throw Jammed() }
        let simulator = try Simulator(config: .testing(), model: model)
        try simulator.launch()
        let count = #expect(throws: SimError.self) { try simulator.perform(intent: "unlock") }
        #expect(count?.description == "perform(intent: \"unlock\") with (pin: string) takes 1 argument, not 0")
        #expect(count?.message == "app:unlock(pin: string) takes 1 argument, not 0")
        let type = #expect(throws: SimError.self) { try simulator.perform(intent: "unlock", [.int(4)]) }
        #expect(type?.description == "perform(intent: \"unlock\") with (pin: string): argument 1 (pin) must be a string, not an integer")
        let thrown = #expect(throws: SimError.self) { try simulator.perform(intent: "unlock", [.string("1234")]) }
        #expect(thrown?.kind == .appCode)
        #expect(thrown?.description == "perform(intent: \"unlock\"): the lock is jammed")
        #expect(thrown?.message == "app:unlock: the lock is jammed")
    }

    @Test("a value for a scene without a value type names openWindow and valueType for Swift")
    func valueForPlainScene() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        let error = #expect(throws: SimError.self) { try simulator.openWindow("main", value: .string("x")) }
        #expect(
            error?.description
                == "scene \"main\" is a WindowGroup without a value type, so it cannot present \"x\"; call openWindow(\"main\") or declare it with valueType: .string or .integer")
        #expect(
            error?.message
                == "scene \"main\" is a WindowGroup without a value type, so it cannot present \"x\"; call open_window(\"main\") or declare it with value = \"string\" or \"integer\""
        )
    }

    @Test("a config error names AppConfig's Swift properties for a Swift caller and the script's keys for a script")
    func configKeys() {
        let cases: [(AppConfig, String, String)] = [
            (.testing { $0.visibleLimit = 0 }, "visibleLimit must be at least 1 (got 0)", "visible_limit must be at least 1 (got 0)"),
            (
                .testing { $0.policy.suspendAfter = .after(.at(-1)) }, "policy.suspendAfter must not be negative (got -1.000); use .never for an app that is never suspended",
                "policy.suspend_after must not be negative (got -1.000); use false for an app that is never suspended"
            ),
            (.testing { $0.minLoading = .at(-1) }, "minLoading must not be negative (got -1.000)", "min_loading must not be negative (got -1.000)"),
            (
                .testing(scenes: []), "scenes must declare at least one scene (e.g. scenes: [SceneDeclaration(id: \"main\")])",
                "scenes must declare at least one scene (e.g. scenes = { { id = \"main\" } })"
            ),
        ]
        for (config, swift, script) in cases {
            let error = #expect(throws: SimError.self) { try Simulator(config: config) }
            #expect(error?.description == swift)
            #expect(error?.message == script)
        }
    }

    @Test("a call with its arguments is spelled as each audience writes it")
    func callsWithArguments() {
        let calls: [(APICall, String, String)] = [
            (.openWindowFor(scene: "doc", value: "42"), "app:open_window(\"doc\", 42)", "openWindow(\"doc\", value: 42)"),
            (.openWindowFor(scene: "main", value: nil), "app:open_window(\"main\")", "openWindow(\"main\")"),
            (.terminate(.crash), "app:terminate(\"crash\")", "terminate(.crash)"),
            (.intent("next_step"), "app:next_step()", "perform(intent: \"next_step\")"),
            (.advanceBy(.at(1.5)), "sim.advance(1.500)", "advance(seconds: 1.500)"),
            (.afterDelay(.at(2)), "app:after(2.000)", "scheduleTask(after: 2.000)"),
            (.login(newUser: true), "app:login{ user = \"...\", new_user = true }", "perform(intent: \"login\", [.string(\"...\"), .bool(true)])"),
        ]
        for (call, script, swift) in calls {
            #expect(call.scriptSpelling == script)
            #expect(call.swiftSpelling == swift)
        }
        let message: SimError.Message = "call \(APICall.focus), or \(APICall.after, scriptArguments: "(seconds, fn)") in \(script: "a hook", swift: "a handler")"
        #expect(message.rendered(for: .script) == "call w:focus(), or app:after(seconds, fn) in a hook")
        #expect(message.rendered(for: .swift) == "call focus(_:), or scheduleTask(after:_:) in a handler")
    }
}
