import ByteText
import SceneSimBuiltin
@testable import SceneSimCore
import SceneSimTestSupport
import Synchronization
import Testing

/// Issue 11: the semantic invariants scenesim explore checks after every step hold along any
/// walk of the real simulator (no false alarms), and the restoration rule catches a relaunch
/// that brings a window back without the storage it saved.
@Suite("Semantic invariants of an exploration")
struct SemanticInvariantsTests {
    @Test("A random walk of every operation on every platform breaks none of them")
    func randomWalkHoldsThem() throws {
        for platform in Platform.allCases {
            let simulator = try Simulator(config: .testing(platform, scenes: [.group("main"), .group("doc", value: .string)]))
            try simulator.launch()
            var invariants = SemanticInvariants()
            var random = SplitMix64(seed: 23)
            for step in 0..<600 {
                let live = simulator.liveSessions
                let window = live.isEmpty ? nil : live[Int(random.next() % UInt64(live.count))]
                switch random.next() % 9 {
                case 0: _ = try? simulator.openWindow("doc", value: .string(["A", "B", "C"][Int(random.next() % 3)]))
                case 1: if let window { _ = try? simulator.focus(window) }
                case 2: if let window { _ = try? simulator.backgroundWindow(window) }
                case 3: if let window { _ = try? simulator.disconnect(window) }
                case 4: if let window { _ = try? simulator.close(window) }
                case 5: if let window { _ = try? simulator.setStorage(window, key: "k", value: .int(Int64(step))) }
                case 6: _ = try? simulator.advance(by: .at(1))
                default:
                    let calls: [SimInput] = [
                        .launch, .background, .foreground, .switcher, .interrupt, .resume,
                        .terminate(.system), .terminate(.user), .terminate(.crash),
                    ].filter { simulator.accepts($0) }
                    if !calls.isEmpty { try simulator.send(calls[Int(random.next() % UInt64(calls.count))]) }
                }
                let violation = invariants.check(simulator)
                #expect(violation == nil, "\(platform) step \(step): \(String(describing: violation))")
            }
        }
    }

    @Test("A relaunch that brings a window back without the storage it saved breaks restoration, naming what it saved and got")
    func lostStorageBreaksRestoration() throws {
        let simulator = try Simulator(config: .testing(scenes: [.group("main"), .group("doc", value: .string)]))
        try simulator.launch()
        var invariants = SemanticInvariants()
        let window = try #require(try simulator.openWindow("doc", value: .string("A")).window)
        try simulator.setStorage(window, key: "tab", value: .int(2))
        try simulator.background()
        try simulator.terminate(.system)
        #expect(invariants.check(simulator) == nil)
        // A planted bug: the session's saved storage is lost while the app is not running.
        simulator.sessions[window.index].saved = SimSceneStorage()
        try simulator.launch()

        #expect(
            invariants.check(simulator)
                == SemanticInvariants.Violation(
                    name: "restoration",
                    message: "doc#1 saved {tab = 2} before the system killed the app, but the relaunch restored it with {}"
                ))
        #expect(invariants.check(simulator) == nil)
    }

    @Test("A window a restore hook empties on purpose, and a restored window the app writes in the launch's step, break nothing (issue 43)")
    func restoreAsTheAppMeantIt() throws {
        let rejected = Mutex<SessionID?>(nil)
        var model = AppModel.builtin
        model.restoreCheck = { _, id in rejected.withLock { id != $0 } }
        let simulator = try Simulator(config: .testing(scenes: [.group("main"), .group("doc", value: .string)]), model: model)
        try simulator.launch()
        var invariants = SemanticInvariants()
        let doc = try #require(try simulator.openWindow("doc", value: .string("A")).window)
        let main = try #require(simulator.liveSessions.first { simulator.group(of: $0) == "main" })
        try simulator.setStorage(doc, key: "tab", value: .int(2))
        try simulator.setStorage(main, key: "draft", value: .string("saved"))
        try simulator.background()
        try simulator.terminate(.system)
        #expect(invariants.check(simulator) == nil)
        rejected.withLock { $0 = doc }
        try simulator.launch()
        // The same step: the app writes the restored main window (as an activity's handler would).
        try simulator.setStorage(main, key: "draft", value: .string("handed"))

        #expect(invariants.check(simulator) == nil)
        #expect(try simulator.liveStorage(doc) == SimSceneStorage())
    }

    @Test("A watchdog termination breaks watchdog once, unless the exploration allows it; restoration holds across it")
    func watchdogIsAFailureUnlessAllowed() throws {
        func overrun(_ invariants: inout SemanticInvariants) throws -> (Simulator, [SemanticInvariants.Violation]) {
            let simulator = try Simulator(config: .testing(.ipados, scenes: [.group("main"), .group("doc", value: .string)]))
            try simulator.launch()
            let window = try #require(try simulator.openWindow("doc", value: .string("A")).window)
            try simulator.setStorage(window, key: "tab", value: .int(2))
            try simulator.beginBackgroundTask(named: "upload")
            try simulator.background()
            var seen: [SemanticInvariants.Violation] = []
            try simulator.advance(by: .at(60))
            if let violation = invariants.check(simulator) { seen.append(violation) }
            if let violation = invariants.check(simulator) { seen.append(violation) }
            try simulator.launch()
            if let violation = invariants.check(simulator) { seen.append(violation) }
            return (simulator, seen)
        }
        var strict = SemanticInvariants()
        let (simulator, violations) = try overrun(&strict)
        #expect(simulator.launchCount == 2)
        #expect(
            violations == [
                SemanticInvariants.Violation(
                    name: "watchdog",
                    message:
                        "the watchdog ended the app at 30.000 s: background task 1 \"upload\" was still running when the background time ran out; finish every task, in its expiration handler at the latest (or set watchdog_ok = true in the exploration if the app is meant to overrun)"
                )
            ])

        var lenient = SemanticInvariants(allowsWatchdog: true)
        #expect(try overrun(&lenient).1 == [])
    }

    @Test("A window the user focuses in a process launched in the background is not restored a second time by app:foreground() (found by explore)")
    func focusEndsTheDeferredRestore() throws {
        // With a refresh handler: a refresh launch of an app without one crashes (semantics 11.4).
        var model = AppModel.builtin
        model.refreshCode = { simulator, task in try simulator.finishBackgroundTask(task) }
        let simulator = try Simulator(config: .testing(.ipados), model: model)
        simulator.isTracing = true
        try simulator.launch()
        try simulator.advance(by: .at(0.5))
        try simulator.scheduleRefresh(after: 0.0)
        try simulator.terminate(.crash)
        try simulator.runBackgroundRefresh()
        let main = try #require(simulator.liveSessions.first)
        try simulator.focus(main)
        try simulator.backgroundWindow(main)
        _ = simulator.takeEvents()
        try simulator.foreground()

        #expect(simulator._checkInvariants() == [])
        let connects = simulator.takeEvents().filter { if case .sceneConnected = $0.event { true } else { false } }
        #expect(connects.isEmpty)
        #expect(simulator.appPhase == .active)
    }
}
