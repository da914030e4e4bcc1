import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
@testable import SceneSimCore

/// Platform v5 §1.6–§1.9: refresh tasks without an expiration handler or a launch handler, OS
/// availability, the App's phase at launch, discarding a card while the app is not running.
@Suite("Platform v5: refresh tasks, OS versions, the launch phase, discarding while not running")
struct PlatformV5LaunchTests {
    @Test("An app that does not say `os` runs on the newest version scenesim knows of its platform")
    func newestOSIsTheLastKnown() throws {
        for platform in Platform.allCases {
            // newestOS is a constant (a hot path reads it); it must name the last known version.
            #expect(platform.newestOS == platform.knownOS.last, "\(platform)")
            #expect(try Simulator(config: AppConfig(platform: platform)).config.os == platform.knownOS.last, "\(platform)")
        }
    }

    static func model(_ heard: Box<[String]>, refresh: Bool = true, expiration: Bool = false) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.phaseCode = { sim, old, new in heard.value.append("\(old.rawValue)->\(new.rawValue)") }
        model.launchCode = { sim in heard.value.append("launch \(sim.appPhase.rawValue)") }
        if refresh {
            // Never finishes its task: the expiry decides.
            model.refreshCode = { _, _ in heard.value.append("refresh") }
        }
        if expiration {
            model.refreshExpiredCode = { sim, task in
                heard.value.append("expired")
                try sim.finishBackgroundTask(task)
            }
        }
        return model
    }

    /// A device whose app was killed with a refresh pending and due at 3600 s.
    static func killedWithRefresh(_ model: AppModel, _ platform: Platform = .iphone) throws -> SceneSimTestStore {
        let device = try SceneSimTestStore.nonExhaustive(.testing(platform), model: model)
        try device.launch()
        try device.perform("schedule") { try $0.scheduleRefresh(after: .at(3600)) }
        try device.background()
        try device.terminate(.system)
        try device.advance(3600)
        _ = device.takeTrace()
        return device
    }

    @Test("1.6 a refresh task with no expiration handler is completed, unsuccessful, at the warning moment: no watchdog, the app suspends at once")
    func refreshWithoutExpirationHandler() throws {
        let heard = Box<[String]>([])
        let device = try Self.killedWithRefresh(try Self.model(heard))
        try device.runBackgroundRefresh()
        try device.advance(40)
        device.expectTrace(
            """
            [3600.000] app         launch #2 on iphone (background: refresh)
            [3600.000] app         background task 1 "refresh" began
            [3625.000] app         background task 1 "refresh" expiring: 5.000 s of background time left; it has no expiration handler, so the system marks it complete (unsuccessful)
            [3625.000] app         suspended
            """)
        #expect(device.simulator.isRunning, "no watchdog")
        #expect(try device.simulator.backgroundTaskStatus(BackgroundTaskID(rawValue: 1)) == .expired)
        try device.foreground()
        #expect(try device.finishBackgroundTask(BackgroundTaskID(rawValue: 1)) == false, "completing it again does nothing")
    }

    @Test("1.6 a refresh task with an expiration handler runs it, as any background task's")
    func refreshWithExpirationHandler() throws {
        let heard = Box<[String]>([])
        let device = try Self.killedWithRefresh(try Self.model(heard, expiration: true))
        try device.runBackgroundRefresh()
        try device.advance(40)
        #expect(heard.value.suffix(2) == ["refresh", "expired"])
        #expect(try device.simulator.backgroundTaskStatus(BackgroundTaskID(rawValue: 1)) == .finished)
        #expect(device.simulator.isSuspended)
    }

    @Test("1.6 a background launch for a refresh with no launch handler registered is a crash at launch: restoration discarded")
    func refreshLaunchWithoutHandler() throws {
        let heard = Box<[String]>([])
        let device = try Self.killedWithRefresh(try Self.model(heard, refresh: false))
        try device.runBackgroundRefresh()
        device.expectTrace(
            """
            [3600.000] app         launch #2 on iphone (background: refresh)
            [3600.000] app         terminated (crash): no launch handler registered for the refresh task; restoration data discarded
            [3600.000] app         sessions discarded (crash at launch discards restoration data): main#1; the app is told at its next launch
            """)
        #expect(!device.simulator.isRunning)
        try device.launch()
        #expect(
            device.takeTrace().prefix(2) == ["[3600.000] app         launch #3 on iphone: nothing to restore", "[3600.000] app         didDiscardSceneSessions delivered: main#1"])
    }

    @Test("1.6 a crash of a background launch before any scene connected discards restoration; once a scene connected it is an ordinary crash")
    func crashOfBackgroundLaunch() throws {
        let heard = Box<[String]>([])
        let device = try Self.killedWithRefresh(try Self.model(heard, expiration: true))
        try device.runBackgroundRefresh()
        try device.terminate(.crash)
        #expect(
            device.takeTrace().suffix(2) == [
                "[3600.000] app         terminated (crash): restoration data discarded",
                "[3600.000] app         sessions discarded (crash at launch discards restoration data): main#1; the app is told at its next launch",
            ])
        try device.launch()
        #expect(device.takeTrace().first == "[3600.000] app         launch #3 on iphone: nothing to restore")
    }

    @Test("1.7 restoration needs iOS/iPadOS 18, macOS 15, visionOS 2 (disabled: visionOS 26)")
    func restorationVersions() throws {
        func config(_ platform: Platform, _ os: Int, restoration: Bool, declared: Bool = true) -> AppConfig {
            var config = AppConfig.testing(platform)
            config.osVersion = os
            config.scenes[0].restoration = restoration
            config.scenes[0].restorationDeclared = declared
            return config
        }
        for (platform, below, from) in [(Platform.iphone, 17, 18), (.ipados, 17, 18), (.macos, 14, 15)] {
            #expect(throws: Never.self) { try config(platform, from, restoration: false).validate() }
            do {
                try config(platform, below, restoration: false).validate()
                Issue.record("restoration on \(platform.osName) \(below) was accepted")
            } catch {
                #expect(error.message.contains("restorationBehavior(.disabled)) needs \(platform.osName) \(from), and this app runs on \(platform.osName) \(below)"))
            }
        }
        #expect(throws: Never.self) { try config(.visionos, 2, restoration: true).validate() }
        #expect(throws: Never.self) { try config(.visionos, 26, restoration: false).validate() }
        #expect(throws: Never.self) { try config(.visionos, 1, restoration: true, declared: false).validate() }
        for (os, restoration, needed) in [(1, true, 2), (2, false, 26)] {
            do {
                try config(.visionos, os, restoration: restoration).validate()
                Issue.record("restoration = \(restoration) on visionOS \(os) was accepted")
            } catch {
                #expect(error.message.contains("needs visionOS \(needed), and this app runs on visionOS \(os)"))
            }
        }
    }

    @Test("1.7 a value window group needs iOS/iPadOS 16 or macOS 13")
    func valueGroupVersions() throws {
        for (platform, below, from) in [(Platform.iphone, 15, 16), (.ipados, 15, 16), (.macos, 12, 13)] {
            var config = AppConfig.testing(platform)
            config.scenes.append(SceneDeclaration(id: "doc", kind: .windowGroup, valueType: .integer))
            config.osVersion = from
            #expect(throws: Never.self) { try config.validate() }
            config.osVersion = below
            do {
                try config.validate()
                Issue.record("a value group on \(platform.osName) \(below) was accepted")
            } catch {
                #expect(
                    error.message
                        == "scenes: \"doc\".value (a WindowGroup presenting a value) needs \(platform.osName) \(from), and this app runs on \(platform.osName) \(below) (os = \"\(below)\"); raise os, or drop the feature"
                )
            }
        }
    }

    @Test("1.7 open_window needs iOS/iPadOS 16 or macOS 13, dismiss_window iOS/iPadOS 17 or macOS 14, at the call")
    func windowActionVersions() throws {
        for (platform, os, open, dismiss) in [
            (Platform.ipados, 15, 16, 17), (.ipados, 16, 0, 17), (.ipados, 17, 0, 0), (.macos, 12, 13, 14), (.macos, 13, 0, 14), (.macos, 14, 0, 0),
        ] {
            var config = AppConfig.testing(platform)
            config.osVersion = os
            let device = try SceneSimTestStore.nonExhaustive(config, model: try Self.model(Box([])))
            try device.launch()
            let name = platform.osName
            do {
                _ = try device.simulator.openWindow("main")
                #expect(open == 0)
            } catch {
                #expect(error.message == "app:open_window: OpenWindowAction needs \(name) \(open), and this app runs on \(name) \(os) (os = \"\(os)\"); raise os in sim.launch")
            }
            do {
                _ = try device.simulator.dismissWindow("main")
                #expect(dismiss == 0)
            } catch {
                #expect(
                    error.message == "app:dismiss_window: DismissWindowAction needs \(name) \(dismiss), and this app runs on \(name) \(os) (os = \"\(os)\"); raise os in sim.launch"
                )
            }
        }
    }

    @Test("1.8 a user launch: app.phase is background in on_launch, the first scene makes it inactive unheard, then inactive -> active is heard")
    func launchPhase() throws {
        for platform in Platform.allCases {
            let heard = Box<[String]>([])
            let device = try SceneSimTestStore.nonExhaustive(.testing(platform), model: try Self.model(heard))
            try device.launch()
            #expect(heard.value == ["launch background", "inactive->active"], "\(platform)")
            #expect(!device.takeTrace().contains { $0.contains("app         phase background -> inactive") })
            try device.background()
            try device.foreground()
            if platform == .macos {
                #expect(heard.value.suffix(2) == ["active->background", "background->active"])
            } else {
                #expect(heard.value.suffix(4) == ["active->inactive", "inactive->background", "background->inactive", "inactive->active"], "later changes are heard")
            }
        }
    }

    @Test("1.8 a process launched in the background stays background, and hears background -> inactive when the user brings it forward")
    func backgroundLaunchPhase() throws {
        let heard = Box<[String]>([])
        let device = try Self.killedWithRefresh(try Self.model(heard, expiration: true))
        heard.value = []
        try device.runBackgroundRefresh()
        #expect(device.simulator.appPhase == .background)
        try device.foreground()
        #expect(heard.value == ["launch background", "refresh", "background->inactive", "inactive->active"])
    }

    @Test("1.9 on the iOS family a window's card is removed while the app is not running: discarded, told at the next launch; macOS refuses")
    func closeWhileNotRunning() throws {
        for platform in [Platform.iphone, .ipados, .visionos] {
            let device = try SceneSimTestStore.nonExhaustive(.testing(platform), model: try Self.model(Box([])))
            try device.launch()
            try device.setStorage("main#1", "scroll", .int(3))
            try device.background()
            try device.terminate(.system)
            _ = device.takeTrace()
            try device.close("main#1")
            #expect(device.takeTrace() == ["[   0.000] app         sessions discarded (closed by the user): main#1; the app is told at its next launch"], "\(platform)")
            try device.launch()
            let trace = device.takeTrace()
            #expect(
                trace.prefix(2) == [
                    "[   0.000] app         launch #2 on \(platform.rawValue): nothing to restore",
                    "[   0.000] app         didDiscardSceneSessions delivered: main#1",
                ], "\(platform)")
        }
        let mac = try SceneSimTestStore.nonExhaustive(.testing(.macos), model: try Self.model(Box([])))
        try mac.launch()
        let window = try mac.window("main#1")
        try mac.background()
        try mac.terminate(.system)
        #expect(throws: SimError.self) { try mac.simulator.close(window) }
    }
}
