import Dispatch
import Foundation
import SceneSim
import SceneSimTesting
import Testing

/// Issue 43, item 14: what trapped or hung a Swift test is a `SimError` it can catch.
@Suite("The Swift library refuses misuse instead of trapping or hanging")
struct LibraryMisuseTests {
    @Test("store.advance refuses NaN, an infinity and 1e300 seconds with the simulator's error; the clock stays")
    func advanceRefusesBadSpans() throws {
        let store = try SceneSimTestStore()
        store.exhaustivity = .off
        try store.launch()
        for (seconds, shown) in [(Double.nan, "nan"), (.infinity, "inf"), (1e300, "1e+300")] {
            let error = #expect(throws: SimError.self) { try store.advance(seconds) }
            #expect(error?.description == "advance(by:) needs a finite number of seconds, at most 1e12 (got \(shown))")
        }
        #expect(store.simulator.now == .zero)
    }

    @MainActor
    @Test("a @MainActor model driven from another thread while the main actor waits for that thread is an error, not a hang")
    func mainActorBlocked() throws {
        final class Outcome: @unchecked Sendable {
            let lock = NSLock()
            var text = "not finished"
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            let text: String
            do {
                let simulator = try Simulator(config: InboxModel.config, model: InboxModel.make(InboxController()))
                simulator.mainActorWaitLimit = 0.5
                try simulator.launch()
                text = "launched"
            } catch {
                text = "\(error)"
            }
            outcome.lock.withLock { outcome.text = text }
            done.signal()
        }
        worker.start()
        // The main actor blocks here, as a program's main thread that waits for its worker does.
        let finished = done.wait(timeout: .now() + 30) == .success
        #expect(finished, "the worker hung waiting for the main actor")
        #expect(
            outcome.lock.withLock { outcome.text }
                == "the app's @MainActor code could not run: this simulator is driven from a thread that is not the main actor, and the main actor did not take the call within 0.500 s (is it blocked, waiting for this thread?); drive a Swift model from the main actor (a @MainActor test), or keep the main actor free while another thread drives it"
        )
    }
}
