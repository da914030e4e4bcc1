import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 11: `accepts(_:)` tells, without changing anything, whether an app-level call would be
/// refused; scenesim explore chooses its built-in rules by it.
@Suite("Which app-level calls the simulator accepts")
struct AvailabilityTests {
    /// The app-level inputs whose acceptance depends on the process and its scenes.
    private static let appCalls: [SimInput] = [
        .launch, .background, .foreground, .switcher, .interrupt, .resume,
        .terminate(.system), .terminate(.user), .terminate(.crash),
    ]

    /// Sends `call`, returning whether it went through (a refused call changes nothing).
    private func perform(_ call: SimInput, on simulator: Simulator) -> Bool {
        (try? simulator.send(call)) != nil
    }

    @Test("On every platform, along a random walk, each call is accepted exactly when making it succeeds")
    func acceptsMatchesTheOperations() throws {
        for platform in Platform.allCases {
            let simulator = try Simulator(config: .testing(platform, scenes: [.group("main"), .group("doc", value: .string)]))
            try simulator.launch()
            var random = SplitMix64(seed: 11)
            for step in 0..<400 {
                for call in Self.appCalls where !simulator.accepts(call) {
                    let before = simulator.snapshot()
                    #expect(!perform(call, on: simulator), "\(platform) step \(step): \(call) was refused by accepts but went through")
                    #expect(simulator.snapshot() == before)
                }
                // Move on by an accepted call, or by a window operation now and then.
                switch random.next() % 4 {
                case 0 where simulator.isRunning:
                    _ = try? simulator.openWindow("doc", value: .string(["A", "B", "C"][Int(random.next() % 3)]))
                case 1 where simulator.isRunning && !simulator.windows.isEmpty:
                    let windows = simulator.windows
                    let window = windows[Int(random.next() % UInt64(windows.count))]
                    if random.next() % 2 == 0 { _ = try? simulator.backgroundWindow(window) } else { _ = try? simulator.focus(window) }
                default:
                    let accepted = Self.appCalls.filter { simulator.accepts($0) }
                    let call = try #require(accepted.isEmpty ? nil : accepted[Int(random.next() % UInt64(accepted.count))])
                    #expect(perform(call, on: simulator), "\(platform) step \(step): \(call) was accepted but refused")
                }
            }
        }
    }

    @Test("accepts refuses without building the message, and the call itself still says it in full")
    func refusalKeepsItsMessage() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        try simulator.terminate(.crash)

        #expect(!simulator.accepts(.background))
        #expect(!simulator.accepts(.refresh))
        let refused = try #require(catchSimError { () throws(SimError) in _ = try simulator.send(.background) })
        #expect(refused.message.hasPrefix("app:background() needs a running app, but it was terminated (crash) at "), "\(refused.message)")
        try simulator.launch()
        #expect(!simulator.accepts(.launch))
        let twice = try #require(catchSimError { () throws(SimError) in _ = try simulator.send(.launch) })
        #expect(twice.message.hasPrefix("app:launch(): the app is already running (launch #2)"), "\(twice.message)")
    }

    private func catchSimError(_ body: () throws(SimError) -> Void) -> SimError? {
        do throws(SimError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("Under the app switcher the scenes are still on screen: the system does not kill the app")
    func switcherIsOnScreen() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        try simulator.openAppSwitcher()

        #expect(!simulator.accepts(.terminate(.system)))
        #expect(simulator.accepts(.foreground) && simulator.accepts(.background) && simulator.accepts(.resume))
    }
}
