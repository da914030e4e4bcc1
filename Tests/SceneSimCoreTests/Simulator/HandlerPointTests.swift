import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// semantics 9: a system action reaches the app's code at named points, each with the world as
/// of that event, after the events before it.
@Suite("Handler points of a system action")
struct HandlerPointTests {
    /// Records each point with what the app's code would read there, and the trace before it.
    final class Recorder {
        var seen: [String] = []

        func attach(to device: SceneSimTestStore) {
            let sim = device.simulator
            sim.onHandlerPoint = { [unowned self, unowned device] point in
                seen += device.takeTrace()
                let windows = sim.windows.map { "\(sim.label(of: $0)) \(sim.phase(of: $0).text)" }
                seen.append("> \(describe(point, sim)) | app \(sim.appPhase.rawValue), \(windows.joined(separator: ", "))")
            }
        }

        func describe(_ point: HandlerPoint, _ sim: Simulator) -> String {
            switch point {
            case .processStarted: "processStarted"
            case let .scenePhase(id, from, to): "scenePhase \(sim.label(of: id)) \(from.text) -> \(to.text)"
            case let .appPhase(from, to): "appPhase \(from.rawValue) -> \(to.rawValue)"
            case let .appState(from, to): "appState \(from.text) -> \(to.text)"
            case let .taskDue(id): "taskDue \(id)"
            case let .serverAnswered(request, answer, _): "serverAnswered \(request) \(answer.rawValue)"
            }
        }
    }

    @Test("each scene's point sees it in its new phase, the others not reached yet in their old one, and the app's point comes after the scene's")
    func pointsSeeTheWorldAsOfTheirEvent() throws {
        // given two windows on screen
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        _ = device.takeTrace()
        let recorder = Recorder()
        recorder.attach(to: device)
        // when the user goes home
        try device.background()
        recorder.seen += device.takeTrace()
        // then every point follows its own event and precedes the next
        expectNoDifference(
            recorder.seen,
            [
                "[   0.500] detail#1    phase active -> inactive",
                "> scenePhase detail#1 active -> inactive | app active, detail#1 inactive, main#1 active",
                "[   0.500] main#1      phase active -> inactive",
                "> scenePhase main#1 active -> inactive | app active, detail#1 inactive, main#1 inactive",
                "[   0.500] app         phase active -> inactive: prepare for background",
                "> appPhase active -> inactive | app inactive, detail#1 inactive, main#1 inactive",
                "[   0.500] detail#1    phase inactive -> background",
                "> scenePhase detail#1 inactive -> background | app inactive, detail#1 background, main#1 inactive",
                "[   0.500] main#1      phase inactive -> background",
                "> scenePhase main#1 inactive -> background | app inactive, detail#1 background, main#1 background",
                "[   0.500] app         phase inactive -> background: release resources",
                "> appPhase inactive -> background | app background, detail#1 background, main#1 background",
            ])
    }

    @Test("a launch reaches processStarted before the first scene connects, then the connect and each phase")
    func launchPoints() throws {
        let device = try SceneSimTestStore.nonExhaustive(.testing())
        let recorder = Recorder()
        recorder.attach(to: device)
        try device.launch()
        try device.settle()
        recorder.seen += device.takeTrace()
        expectNoDifference(
            recorder.seen,
            [
                "[   0.000] app         launch #1 on ipados: nothing to restore",
                "> processStarted | app background, ",
                "[   0.000] main#1      connected (new session) -> inactive",
                "> scenePhase main#1 disconnected -> inactive | app inactive, main#1 inactive",
                "[   0.000] main#1      phase inactive -> active",
                "> scenePhase main#1 inactive -> active | app inactive, main#1 active",
                "[   0.000] app         phase inactive -> active: validate session and refresh",
                "> appPhase inactive -> active | app active, main#1 active",
                "[   0.500] app         state loading -> unauthenticated",
                "> appState loading -> unauthenticated | app active, main#1 active",
            ])
    }

    @Test("a lifecycle action sent at a handler point is queued: the action under way completes, then it runs")
    func lifecycleActionFromAPointIsQueued() throws {
        let device = try SceneSimTestStore.ready()
        var results: [WindowOpening] = []
        device.simulator.onHandlerPoint = { [sim = device.simulator] point in
            guard case .appPhase(_, .background) = point, results.isEmpty else { return }
            do throws(SimError) { results.append(try sim.openWindow("main")) } catch { Issue.record(error) }
        }
        _ = device.takeTrace()
        try device.background()
        #expect(results == [.queued])
        expectNoDifference(
            device.takeTrace(),
            [
                "[   0.500] main#1      phase active -> inactive",
                "[   0.500] app         phase active -> inactive: prepare for background",
                "[   0.500] main#1      phase inactive -> background",
                "[   0.500] app         phase inactive -> background: release resources",
                "[   0.500] main#2      connected (new session) -> inactive",
                "[   0.500] app         phase background -> inactive: prepare for background",
                "[   0.500] main#2      phase inactive -> active",
                "[   0.500] app         phase inactive -> active: validate session and refresh",
            ])
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#2 active", "main#1 background"])
    }
}
