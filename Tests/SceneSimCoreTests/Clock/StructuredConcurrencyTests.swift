import SceneSimTestSupport
import Testing
@testable import SceneSimCore

/// The app's async code with structured concurrency (`async let`, task groups): child tasks run
/// within the events, each sleep on the virtual clock resumes at its instant.
@Suite("The app's structured concurrency on the virtual clock")
struct StructuredConcurrencyTests {
    typealias Log = SimClockTests.Log
    typealias Outside = AsyncHandlerTests.Outside

    private func simulator(launch: @escaping @MainActor (Simulator) async throws -> Void) throws -> Simulator {
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        model.onLaunch = launch
        return try Simulator(config: .testing(), model: model)
    }

    /// Sleeps `seconds` on the clock, then says which.
    nonisolated static func nap(_ clock: SimClock, _ seconds: Int) async throws -> String {
        try await clock.sleep(for: .seconds(seconds))
        return "\(seconds) s at \(clock.now.time.text)"
    }

    @MainActor
    @Test("async let: both children sleep at once; the handler goes on when the longer one is done")
    func asyncLet() throws {
        let log = Log()
        let sim = try simulator { sim in
            let clock = sim.clock
            async let short = Self.nap(clock, 1)
            async let long = Self.nap(clock, 3)
            let (a, b) = try await (short, long)
            log.add("\(a); \(b)", sim)
        }
        try sim.launch()
        #expect(log.lines.isEmpty)
        // Both children sleep; the handler waits on them, so on the clock: not on anything outside.
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(1)), .sleep(since: .zero, due: .at(3))])
        try sim.advance(by: .seconds(2))
        #expect(log.lines.isEmpty)
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(3))])
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["3.000 1 s at 1.000; 3 s at 3.000"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a task group: its children's results come in the order their sleeps end")
    func taskGroup() throws {
        let log = Log()
        let sim = try simulator { sim in
            let clock = sim.clock
            let order = try await withThrowingTaskGroup(of: String.self) { group in
                for seconds in [3, 1, 2] { group.addTask { try await Self.nap(clock, seconds) } }
                var done: [String] = []
                for try await result in group { done.append(result) }
                return done
            }
            log.add(order.joined(separator: ", "), sim)
        }
        try sim.launch()
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(1)), .sleep(since: .zero, due: .at(2)), .sleep(since: .zero, due: .at(3))])
        try sim.settle()
        #expect(log.lines == ["3.000 1 s at 1.000, 2 s at 2.000, 3 s at 3.000"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a task group's child that throws: the group's error is the handler's, failing the event that ran it")
    func taskGroupThrows() throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "Offline" } }
        let sim = try simulator { sim in
            let clock = sim.clock
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await clock.sleep(for: .seconds(1)) }
                group.addTask {
                    try await clock.sleep(for: .seconds(2))
                    throw Offline()
                }
                try await group.waitForAll()
            }
        }
        try sim.launch()
        try sim.advance(by: .seconds(1))
        #expect {
            try sim.advance(by: .seconds(1))
        } throws: { error in
            "\(error)" == "onLaunch, an async handler that ran at 0.000 s, threw an error after it awaited: Offline"
        }
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a task returning a value: the simulator follows it to its end; the handler awaiting it waits on the clock, and gets the value")
    func taskValue() throws {
        let log = Log()
        let sim = try simulator { sim in
            let clock = sim.clock
            let child = Task { @MainActor in try await Self.nap(clock, 1) }
            log.add(try await child.value, sim)
        }
        try sim.launch()
        // The handler awaits the task it started, which sleeps: nothing awaits anything outside.
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(1))])
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 1 s at 1.000"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a child that awaits something outside the simulation: the task it is part of is named, by its start")
    func childWaitingOutside() throws {
        let outside = Outside()
        let log = Log()
        let sim = try simulator { sim in
            Task { @MainActor in
                async let answer: Void = outside.wait()
                await answer
                log.add("answered", sim)
            }
        }
        try sim.launch()
        #expect(sim.pendingWork == [.appTask(origin: "started at 0.000 s", resumedFromOutside: false)])
        try sim.advance(by: .seconds(1))
        outside.continuation?.resume()
        #expect(sim.pendingWork == [.appTask(origin: "started at 0.000 s", resumedFromOutside: true)])
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 answered"])
        #expect(sim.pendingWork.isEmpty)
    }

    /// 8 KiB inline (16 × 512 bytes): past the 4 KiB room the simulator's watcher once assumed.
    struct Page: Sendable {
        var words = (
            (SIMD64<Int>(repeating: 1), SIMD64<Int>(repeating: 2), SIMD64<Int>(repeating: 3), SIMD64<Int>(repeating: 4)),
            (SIMD64<Int>(repeating: 5), SIMD64<Int>(repeating: 6), SIMD64<Int>(repeating: 7), SIMD64<Int>(repeating: 8)),
            (SIMD64<Int>(repeating: 9), SIMD64<Int>(repeating: 10), SIMD64<Int>(repeating: 11), SIMD64<Int>(repeating: 12)),
            (SIMD64<Int>(repeating: 13), SIMD64<Int>(repeating: 14), SIMD64<Int>(repeating: 15), SIMD64<Int>(repeating: 16))
        )
        var sum: Int {
            let rows = [words.0, words.1, words.2, words.3]
            return rows.map { $0.0.wrappedSum() + $0.1.wrappedSum() + $0.2.wrappedSum() + $0.3.wrappedSum() }.reduce(0, +)
        }
    }

    /// 128 KiB inline: past the largest room the watcher takes (64 KiB).
    struct Book: Sendable {
        var pages = (Page(), Page(), Page(), Page(), Page(), Page(), Page(), Page())
        var more = (Page(), Page(), Page(), Page(), Page(), Page(), Page(), Page())
    }

    @Test("the place a task keeps its result type is found on this platform (else results are assumed to fit 4 KiB)")
    func resultTypeFound() {
        #expect(AppTasks.resultTypeOffset != nil)
    }

    @MainActor
    @Test("a task returning an 8 KiB value is followed to its end with room for it: its error fails the event, its value is intact, nothing is overwritten")
    func largeResult() throws {
        struct Torn: Error, CustomStringConvertible { var description: String { "Torn" } }
        let log = Log()
        let sim = try simulator { sim in
            let clock = sim.clock
            let reader = Task { @MainActor in
                try await clock.sleep(for: .seconds(1))
                return Page()
            }
            Task { @MainActor () async throws -> Page in
                try await clock.sleep(for: .seconds(2))
                throw Torn()
            }
            log.add("sum \(try await reader.value.sum)", sim)
        }
        try sim.launch()
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 sum \(Page().sum)"])
        #expect {
            try sim.advance(by: .seconds(1))
        } throws: { error in
            "\(error)".hasPrefix("a task the app's code started at 0.000 s threw an error it did not catch: Torn;")
        }
        #expect(sim.pendingWork.isEmpty)
    }

    @Test("the sizes the tests rely on")
    func sizes() {
        #expect(MemoryLayout<Page>.size == 8 * 1024)
        #expect(MemoryLayout<Book>.size == 128 * 1024)
    }

    @MainActor
    @Test("a task returning a 128 KiB value awaiting something outside: followed, so named, parked when resumed, and run at the next operation; the app's code gets its value")
    func hugeResult() throws {
        let log = Log()
        let outside = Outside()
        let sim = try simulator { sim in
            let book = Task { @MainActor in
                await outside.wait()
                return Book()
            }
            log.add("pages \(await book.value.more.7.sum)", sim)
        }
        try sim.launch()
        // The book awaits something outside, and so does the handler, through the book; in the
        // order they started, the handler first.
        #expect(
            sim.pendingWork == [
                .appTask(origin: "started at 0.000 s (the rest of the async onLaunch)", resumedFromOutside: false),
                .appTask(origin: "started at 0.000 s", resumedFromOutside: false),
            ])
        outside.continuation?.resume()
        #expect(sim.pendingWork == [.appTask(origin: "started at 0.000 s", resumedFromOutside: true)])
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["0.000 pages \(Page().sum)"])
        #expect(sim.pendingWork.isEmpty)
    }
}
