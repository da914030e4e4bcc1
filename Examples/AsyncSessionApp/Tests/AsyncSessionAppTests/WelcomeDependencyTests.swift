import AsyncSessionApp
import Dependencies
import SceneSim
import SceneSimTesting
import Testing

/// A controller that reads its clocks with `@Dependency(\.continuousClock)` and
/// `@Dependency(\.suspendingClock)`, run with both set to the store's virtual clock, as a
/// swift-dependencies test sets any dependency: `withDependencies { … } operation: { … }` around
/// the test's steps, the launches included (the controller is made, and its task started, during
/// a launch). Exhaustive, as the store is by default: each trace event asserted at its virtual
/// instant, and `finish()` fails on anything still under way.
@MainActor
@Suite("A controller on swift-dependencies' clocks, set to the virtual clock")
struct WelcomeDependencyTests {
    func makeStore() throws -> (SceneSimTestStore, WelcomeModel.Process) {
        let (model, process) = try WelcomeModel.make()
        return (try SceneSimTestStore(AppConfig(platform: .ipados), model: model), process)
    }

    /// `operation` with swift-dependencies' two clocks set to the store's.
    func onVirtualClocks<R>(_ store: SceneSimTestStore, _ operation: () throws -> R) rethrows -> R {
        try withDependencies {
            $0.continuousClock = store.clock
            $0.suspendingClock = store.clock
        } operation: {
            try operation()
        }
    }

    @Test("the splash sleeps on continuousClock until 2.000 s, the tip on suspendingClock until 7.000 s")
    func coldLaunch() throws {
        let (store, process) = try makeStore()
        try onVirtualClocks(store) {
            try store.launch()
            store.expectTrace(
                """
                [   0.000] app         launch #1 on ipados: nothing to restore
                [   0.000] main#1      connected (new session) -> inactive
                [   0.000] main#1      phase inactive -> active
                [   0.000] app         phase inactive -> active
                """)
            let controller = try #require(process.controller)
            #expect(controller.phase == .splash)
            // The controller's task sleeps on the store's clock, read through @Dependency.
            #expect(store.simulator.pendingWork == [.sleep(since: .zero, due: VirtualTime(microseconds: 2_000_000))])
            try store.advance(by: .seconds(2) - .milliseconds(1))
            store.expectTrace("")
            #expect(controller.phase == .splash)
            try store.advance(by: .milliseconds(1))
            store.expectTrace("[   2.000] app         state splash -> tip")
            #expect(controller.phase == .tip)
            #expect(
                store.simulator.pendingWork == [
                    .sleep(since: VirtualTime(microseconds: 2_000_000), due: VirtualTime(microseconds: 7_000_000))
                ])
            try store.advance(by: .seconds(5) - .milliseconds(1))
            store.expectTrace("")
            try store.advance(by: .milliseconds(1))
            store.expectTrace("[   7.000] app         state tip -> home")
            #expect(controller.phase == .home)
            store.finish()
        }
    }

    @Test("a kill during the splash drops the sleep: nothing pending; the relaunch starts over on the same virtual clock")
    func killDuringSplash() throws {
        let (store, process) = try makeStore()
        try onVirtualClocks(store) {
            try store.launch()
            _ = store.takeTrace()
            try store.advance(by: .seconds(1))
            let first = try #require(process.controller)
            try store.background()
            try store.terminate(.system)
            _ = store.takeTrace()
            #expect(store.simulator.pendingWork == [])
            try store.advance(by: .seconds(5))
            store.expectTrace("")
            #expect(first.phase == .splash)
            try store.launch()
            _ = store.takeTrace()
            let second = try #require(process.controller)
            #expect(second !== first)
            try store.settle()
            store.expectTrace(
                """
                [   8.000] app         state splash -> tip
                [  13.000] app         state tip -> home
                """)
            #expect(first.phase == .splash)
            #expect(second.phase == .home)
            store.finish()
        }
    }
}
