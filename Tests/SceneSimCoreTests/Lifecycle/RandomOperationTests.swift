import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Long seeded runs of random operations: every one, refused or not, must leave the invariants
/// intact (the harness checks after each), and the same seed must give the same trace.
@Suite("Random operation sequences")
struct RandomOperationTests {
    static func run(_ platform: Platform, seed: UInt64, steps: Int = 1500) throws -> [String] {
        let device = try SceneSimTestStore.launched(
            .testing(platform, scenes: valueScenes + (platform.supportsWindowScenes ? [.window("settings")] : [])) {
                $0.routes = ["item": "item"]
                $0.storedSession = InitialSession(user: "ada", ttl: .at(30))
                $0.sessionTTL = .at(20)
            })
        var rng = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        var lines: [String] = []
        for _ in 0..<steps {
            let labels = device.simulator.snapshot().sessions.map(\.id)
            let window = labels.isEmpty ? "main#1" : pick(labels)
            let value = pick(["a", "b", "c"])
            do {
                switch rng.next() % 24 {
                case 0: try device.advance(pick([0, 0.05, 0.3, 2, 15]))
                case 1: try device.openWindow("detail", value: .string(ByteString(value)))
                case 2: try device.openWindow("item", value: .int(Int64(value.unicodeScalars.first!.value)))
                case 3: try device.openWindow(pick(["main", platform.supportsWindowScenes ? "settings" : "main"]))
                case 4: try device.background()
                case 5: try device.foreground()
                case 6: try device.openAppSwitcher()
                case 7: try device.interrupt()
                case 8: try device.resume()
                case 9: try device.terminate(pick(Termination.requestable))
                case 10: try device.launch()
                case 11: try device.focus(window)
                case 12: try device.backgroundWindow(window)
                case 13: try device.disconnect(window)
                case 14: try device.close(window)
                case 15: try device.setStorage(window, pick(["k", "l"]), pick([nil, .int(1), .string(ByteString(value))]))
                case 16: try device.login(pick(["ada", "bob"]), newUser: rng.next() % 2 == 0)
                case 17: try device.nextStep()
                case 18: try device.logout()
                case 19: try device.retry()
                case 20: try device.network(reachable: rng.next() % 3 != 0)
                case 21: try device.openURL("app://item/\(rng.next() % 3)")
                case 22: try device.dismissWindow("detail", value: rng.next() % 2 == 0 ? nil : .string(ByteString(value)))
                default: try device.transition(pick(["loading", "unauthenticated", "onboarding(welcome)", "authenticated(ada)", "error(networkUnavailable)"]))
                }
            } catch let error as SimError {
                lines.append("error: \(error.message)")
            }
            lines += device.takeTrace()
        }
        return lines
    }

    @Test("every operation keeps the invariants, on every platform", arguments: Platform.allCases)
    func invariantsHold(platform: Platform) throws {
        for seed: UInt64 in 1...4 { _ = try Self.run(platform, seed: seed) }
    }

    @Test("the same seed gives the same trace, line for line")
    func deterministic() throws {
        #expect(try Self.run(.ipados, seed: 9, steps: 600) == Self.run(.ipados, seed: 9, steps: 600))
    }
}
