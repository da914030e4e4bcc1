import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 17, item 7: one error, rendered for each audience. Scripts read `message` word for
/// word as before; a Swift caller reads `description`, the same text with Swift's spellings.
@Suite("Errors speak Swift to Swift callers")
struct SwiftSpellingTests {
    @Test("a refused operation names the Swift calls, and its message keeps the script's words")
    func refusals() throws {
        let simulator = try Simulator(config: .testing())
        let notRunning = #expect(throws: SimError.self) { try simulator.background() }
        #expect(notRunning?.message == "app:background() needs a running app; call app:launch() first")
        #expect(notRunning?.description == "background() needs a running app; call launch() first")

        try simulator.launch()
        let twice = #expect(throws: SimError.self) { try simulator.launch() }
        #expect(twice?.description == "launch(): the app is already running (launch #1); terminate it first with terminate(.system | .user | .crash)")

        let system = #expect(throws: SimError.self) { try simulator.terminate(.system) }
        #expect(system?.description == "terminate(.system): the system kills only an app in the background (suspended or not), but main#1 is active; call background() first")

        let window = try #require(simulator.windows.first)
        try simulator.close(window)
        let closed = #expect(throws: SimError.self) { try simulator.focus(window) }
        #expect(closed?.description.hasPrefix("focus(_:): window main#1 no longer exists") == true, "\(String(describing: closed))")
        #expect(closed?.description.hasSuffix("open a new window with openWindow(\"main\")") == true, "\(String(describing: closed))")

        let unknown = #expect(throws: SimError.self) { try simulator.openWindow("nope") }
        #expect(unknown?.description.hasPrefix("unknown scene id \"nope\"") == true)
    }

    @Test("the Mac's inputs are the simulator's methods, never intents: hide(), reopen(), openSettings(), quitKeepingWindows()")
    func macInputs() throws {
        let phone = try Simulator(config: .testing(.iphone))
        try phone.launch()
        let hide = #expect(throws: SimError.self) { try phone.hide() }
        #expect(hide?.description.hasPrefix("hide() is Hide (⌘H)") == true, "\(String(describing: hide))")
        #expect(hide?.description.contains("perform(intent:") == false)
        let reopen = #expect(throws: SimError.self) { try phone.reopen() }
        #expect(reopen?.description.hasPrefix("reopen() is") == true, "\(String(describing: reopen))")
        #expect(reopen?.description.contains("perform(intent:") == false)
        let quit = #expect(throws: SimError.self) { try phone.quitKeepingWindows() }
        #expect(quit?.description.hasPrefix("quitKeepingWindows() is") == true, "\(String(describing: quit))")

        let mac = try Simulator(config: .testing(.macos, scenes: [.group("main"), SceneDeclaration(id: "settings", kind: .settings)]))
        try mac.launch()
        let settings = #expect(throws: SimError.self) { try mac.openWindow("settings") }
        #expect(settings?.message.hasSuffix("call app:open_settings()") == true, "\(String(describing: settings))")
        #expect(settings?.description.hasSuffix("call openSettings()") == true, "\(String(describing: settings))")
    }

    @Test("the built-in model's intents are named as Swift calls them")
    func intents() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        let early = #expect(throws: SimError.self) { try simulator.perform(intent: "logout") }
        #expect(early?.message == "app:logout() needs the app to be authenticated or error, but it is loading; advance the clock until initialization finishes (sim.settle())")
        #expect(
            early?.description
                == "perform(intent: \"logout\") needs the app to be authenticated or error, but it is loading; advance the clock until initialization finishes (settle())")
        try simulator.settle()
        try simulator.perform(intent: "login", [.string("ada"), .bool(false)])
        #expect(simulator.state.text == "authenticated(ada)")
    }
}
