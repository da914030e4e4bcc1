import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 43, item 7: work of the simulator that grows with the windows or the events is told to
/// the driver (`workMeter`), which bounds it by its own limits: `scenesim run` charges it to the
/// instruction limit and stops it at Ctrl-C (one settle with 100,002 windows took 63 s under a
/// limit of 1e7).
@Suite("The simulator's work told to the driver")
struct WorkMeterTests {
    private func launched(windows: Int) throws -> Simulator {
        let simulator = try Simulator(config: .testing(scenes: valueScenes) { $0.multipleScenes = true })
        try simulator.launch()
        try simulator.settle()
        for _ in 0..<windows { _ = try simulator.openWindow("main") }
        return simulator
    }

    @Test("A meter that says stop ends a settle between two events with the stopped error, and a later settle runs the events left")
    @MainActor func settleStops() throws {
        let simulator = try launched(windows: 0)
        var fired = 0
        for index in 0..<500 { try simulator.scheduleTask(after: Double(index)) { _ in fired += 1 } }
        var units = 0
        simulator.workMeter = {
            units += $0; return units >= 100
        }

        let error = #expect(throws: SimError.self) { try simulator.settle() }

        #expect(error?.kind == .stopped)
        #expect(fired == 100)
        #expect(simulator._checkInvariants().isEmpty)
        simulator.workMeter = nil
        try simulator.settle()
        #expect(fired == 500)
    }

    @Test("A walk of every window is told as one unit a window: bringing 300 windows forward costs at least 300")
    func windowWalks() throws {
        let simulator = try launched(windows: 299)
        try simulator.background()
        try simulator.settle()
        var units = 0
        simulator.workMeter = {
            units += $0; return false
        }

        try simulator.foreground()

        #expect(units >= 300)
    }
}
