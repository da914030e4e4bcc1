import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
@testable import SceneSimCore

/// docs/semantics.md 5.7 and 13.4–13.9 (issue 41, platform-v5 §1.2–1.5, §2.6, §2.8): the Mac's
/// quits, its Dock and restored windows, and the model's onTerminate and onShouldQuit.
@Suite("§5.7, §13 Quitting, the Dock and applicationWillTerminate")
@MainActor
struct MacQuitRuleTests {
    /// What the model's handlers heard, in order.
    final class Heard {
        var lines: [String] = []
    }

    /// A plain model whose handlers note what they hear: onPhase, onTerminate, onShouldQuit
    /// (answering `reply`), onReopen (answering `reopen`).
    static func model(_ heard: Heard, reply: AppModel.QuitReply? = nil, reopen: Bool? = nil) throws -> AppModel {
        var model = try AppModel(states: [.init("ready")], initial: "ready", transitions: [:])
        model.onPhase = { _, old, new in heard.lines.append("phase \(old.rawValue) -> \(new.rawValue)") }
        model.onTerminate = { sim, how in
            heard.lines.append("terminate \(how.rawValue)")
            try sim.setDefault("saved", .bool(true))
        }
        if let reply {
            model.onShouldQuit = { _ in
                heard.lines.append("should quit")
                return reply
            }
        }
        if let reopen {
            model.onReopen = { _, visible in
                heard.lines.append("reopen visible=\(visible)")
                return reopen
            }
        }
        return model
    }

    static func mac(_ scenes: [SceneDeclaration] = valueScenes, model: AppModel, _ configure: (inout AppConfig) -> Void = { _ in }) throws -> SceneSimTestStore {
        let device = try SceneSimTestStore.nonExhaustive(.testing(.macos, scenes: scenes, configure), model: model)
        try device.launch()
        _ = device.takeTrace()
        return device
    }

    @Test("13.4 ⌘Q delivers no phase change to the windows or the App; on_terminate(\"quit\") runs; unsaved storage is saved as it stands when the windows are kept")
    func quitHearsNoPhase() throws {
        let heard = Heard()
        let device = try Self.mac(model: Self.model(heard)) { $0.policy.closeWindowsOnQuit = false }
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "cursor", .int(3))
        _ = device.takeTrace()
        heard.lines = []
        try device.terminate(.user)
        device.expectTrace(
            """
            [   0.000] app         will terminate (quit): on_terminate runs
            [   0.000] defaults    saved = true
            [   0.000] detail#1    storage saved: 1 key, 14 bytes
            [   0.000] app         terminated (user): restoration data kept
            """)
        #expect(heard.lines == ["terminate quit"])
        #expect(device.simulator.defaults[ByteString("saved")] == .bool(true))
        try device.launch()
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("cursor")) == .int(3))
    }

    @Test("5.7 on_terminate: \"system\" for a background app not yet suspended, \"user\" from the switcher; never for a suspended app, a crash or a Force Quit")
    func terminateReasons() throws {
        let heard = Heard()
        let phone = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: Self.model(heard))
        try phone.launch()
        try phone.background()
        try phone.terminate(.system)
        try phone.launch()
        try phone.background()
        try phone.advance(10)  // suspended after 5 s
        try phone.terminate(.system)
        try phone.launch()
        try phone.openAppSwitcher()
        try phone.terminate(.user)
        try phone.launch()
        try phone.terminate(.crash)
        #expect(heard.lines.filter { $0.hasPrefix("terminate") } == ["terminate system", "terminate user"])

        let mac = Heard()
        let device = try Self.mac(model: Self.model(mac))
        try device.terminate(.force)
        #expect(!mac.lines.contains { $0.hasPrefix("terminate") })
    }

    @Test("13.6 a Window-first app quits when its last window closes, whatever the policy says; a WindowGroup-first app keeps running")
    func windowPrimaryQuits() throws {
        let heard = Heard()
        let single = try Self.mac([.window("library"), .group("doc", value: .string)], model: Self.model(heard))
        try single.close("library#1")
        #expect(!single.simulator.isRunning)
        #expect(single.takeTrace().last == "[   0.000] app         terminated (user): the last window closed")
        #expect(heard.lines.last == "terminate quit")

        let group = try Self.mac([.group("main"), .window("library")], model: Self.model(Heard()))
        try group.close("main#1")
        #expect(group.simulator.isRunning)
    }

    @Test("13.6 the policy as a function is asked each time the last window closes")
    func policyFunction() throws {
        var showInMenuBar = true
        var asked = 0
        let device = try Self.mac(model: Self.model(Heard())) {
            $0.policy.quitWhenLastWindowCloses = Policy.LastWindowQuit(asking: { _ in
                asked += 1
                return !showInMenuBar
            })
        }
        try device.close("main#1")
        #expect(device.simulator.isRunning)
        try device.openWindow("main")
        showInMenuBar = false
        try device.close("main#2")
        #expect(!device.simulator.isRunning)
        #expect(asked == 2)
    }

    @Test("13.8 on_should_quit: cancel keeps the app running; later waits for replyToQuit, ignoring a second Quit; a reply with nothing waiting is an error")
    func shouldQuit() throws {
        let heard = Heard()
        let cancel = try Self.mac(model: Self.model(heard, reply: .cancel))
        try cancel.terminate(.user)
        #expect(cancel.simulator.isRunning)
        #expect(cancel.takeTrace() == [#"[   0.000] app         quit cancelled: on_should_quit returned "cancel", the app keeps running"#])
        do {
            try cancel.simulator.replyToQuit(true)
            Issue.record("replyToQuit with no Quit waiting was accepted")
        } catch {
            #expect(error.message == #"app:reply_to_quit(quits): no quit is waiting for a reply; it answers a Quit whose model.on_should_quit returned "later""#)
            #expect(error.swiftMessage == "replyToQuit(_:): no quit is waiting for a reply; it answers a Quit whose AppModel.onShouldQuit returned .later")
        }

        let later = try Self.mac(model: Self.model(Heard(), reply: .later))
        try later.terminate(.user)
        try later.perform("quit keeping windows") { try $0.quitKeepingWindows() }
        #expect(later.simulator.isQuitPending)
        try later.replyToQuit(false)
        #expect(later.simulator.isRunning && !later.simulator.isQuitPending)
        try later.terminate(.user)
        try later.replyToQuit(true)
        #expect(!later.simulator.isRunning)
        later.expectTrace(
            """
            [   0.000] app         quit waits: on_should_quit returned "later", until reply_to_quit
            [   0.000] app         quit ignored: a quit is already waiting for reply_to_quit
            [   0.000] app         reply_to_quit(false): quit cancelled, the app keeps running
            [   0.000] app         quit waits: on_should_quit returned "later", until reply_to_quit
            [   0.000] app         reply_to_quit(true): the quit goes on
            [   0.000] app         will terminate (quit): on_terminate runs
            [   0.000] defaults    saved = true
            [   0.000] app         terminated (user): restoration data discarded
            [   0.000] app         sessions discarded (quit closes windows (close_windows_on_quit)): main#1; the app is told at its next launch
            """)
    }

    @Test("13.6 a Dock click counts minimised windows as visible and asks on_reopen each time; the default brings the front minimised one back, false stops it")
    func dockWithMinimisedWindows() throws {
        let heard = Heard()
        let device = try Self.mac(model: Self.model(heard, reopen: true))
        try device.openWindow("detail", value: .string("a"))
        try device.minimize("detail#1")
        try device.minimize("main#1")
        heard.lines = []
        try device.reopen()
        #expect(heard.lines.first == "reopen visible=true")
        #expect(device.simulator.windows.count == 2)
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "detail#1")
        #expect(!device.simulator.isMinimized(try device.window("detail#1")))
        try device.reopen()  // a window on screen: asked again, nothing more happens
        #expect(heard.lines.filter { $0.hasPrefix("reopen") } == ["reopen visible=true", "reopen visible=true"])

        let declined = try Self.mac(model: Self.model(Heard(), reopen: false))
        try declined.minimize("main#1")
        try declined.reopen()
        #expect(declined.simulator.isMinimized(try declined.window("main#1")))
    }

    @Test("13.9 a window minimised at Quit and Keep Windows, Force Quit or a crash comes back minimised (inactive)")
    func restoredMinimised() throws {
        for end in ["keep", "force", "crash"] {
            let device = try Self.mac(model: Self.model(Heard()))
            try device.openWindow("detail", value: .string("a"))
            try device.minimize("detail#1")
            switch end {
            case "keep": try device.perform("quit keeping windows") { try $0.quitKeepingWindows() }
            case "force": try device.terminate(.force)
            default: try device.terminate(.crash)
            }
            try device.launch()
            let detail = try device.window("detail#1")
            #expect(device.simulator.isMinimized(detail), "\(end)")
            #expect(device.simulator.scenePhase(detail) == .inactive, "\(end)")
            #expect(device.simulator.scenePhase(try device.window("main#1")) == .active, "\(end)")
        }
    }
}
