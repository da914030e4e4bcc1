import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 40: a Swift caller never reads a call spelled in Lua. A seeded random walk of the
/// public API on every platform collects every error it meets; none of their Swift texts
/// may name `app:x`, `w:x`, `task:x`, `task.x` or `sim.x` (a URL such as `app://doc` is fine).
@Suite("No Swift message names a call in Lua")
struct SwiftMessageWalkTests {
    nonisolated(unsafe) static let luaCall = #/(app|w|task):[a-z_]|(sim|task)\.[a-z_]/#

    @MainActor @Test("a random walk of the Swift API meets only errors spelled in Swift", arguments: Platform.allCases)
    func walk(platform: Platform) throws {
        var scenes: [SceneDeclaration] = [.group("main"), .group("doc", value: .string)]
        if platform == .macos { scenes.append(SceneDeclaration(id: "settings", kind: .settings)) }
        let simulator = try Simulator(config: .testing(platform, scenes: scenes))
        var random = SplitMix64(seed: 40)
        var texts: Set<String> = []
        func window() -> SessionID? {
            let all = simulator.allSessions
            return all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))]
        }
        let steps: [@MainActor () throws -> Void] = [
            { try simulator.launch() }, { try simulator.background() }, { try simulator.foreground() },
            { try simulator.openAppSwitcher() }, { try simulator.interrupt() }, { try simulator.resume() },
            { try simulator.terminate(Termination.allCases[Int(random.next() % 5)]) },
            { _ = try simulator.openWindow("main") }, { _ = try simulator.openWindow("doc", value: .string("1")) },
            { _ = try simulator.openWindow("main", value: .string("x")) }, { _ = try simulator.openWindow("nope") },
            { _ = try simulator.dismissWindow("doc") },
            { if let w = window() { try simulator.focus(w) } }, { if let w = window() { try simulator.backgroundWindow(w) } },
            { if let w = window() { try simulator.close(w) } }, { if let w = window() { try simulator.disconnect(w) } },
            { if let w = window() { try simulator.minimize(w) } },
            { if let w = window() { try simulator.setStorage(w, key: "k", value: .int(1)) } },
            { if let w = window() { _ = try simulator.savedStorage(w) } },
            { if let w = window() { try simulator.setWindowMemory(w, key: "k", value: .int(1)) } },
            { _ = try simulator.openURL("app://doc/1") }, { _ = try simulator.openURL("not a url") },
            { _ = try simulator.continueActivity("") }, { try simulator.openNotification() },
            { try simulator.advance(seconds: 3) }, { try simulator.advance(seconds: -1) }, { try simulator.settle() },
            { try simulator.runBackgroundRefresh() }, { try simulator.scheduleRefresh(after: 1) },
            { _ = try simulator.openSettings() }, { try simulator.reopen() }, { try simulator.hide() },
            { try simulator.quitKeepingWindows() },
            { _ = try simulator.perform(intent: "logout") }, { _ = try simulator.perform(intent: "nope") },
            { try simulator.setDefault("k", .int(1)) }, { try simulator.setAppMemory(key: "k", value: .int(1)) },
            { _ = try simulator.scheduleTask(after: 1) { _ in } }, { _ = try simulator.taskStatus(TaskID(rawValue: 99)) },
            { _ = try simulator.beginBackgroundTask(named: "upload") },
            { _ = try simulator.finishBackgroundTask(BackgroundTaskID(rawValue: 99)) },
            { try simulator.setKeychain(token: 12345) }, { _ = try simulator.transition(to: Builtin.AppState.loading) },
        ]
        for _ in 0..<600 {
            do {
                try steps[Int(random.next() % UInt64(steps.count))]()
            } catch let error as SimError {
                texts.insert(error.description)
            }
        }
        #expect(texts.count >= 20, "the walk met few errors: \(texts.sorted())")
        for text in texts.sorted() {
            #expect(text.firstMatch(of: Self.luaCall) == nil, "\(text)")
        }
    }
}
