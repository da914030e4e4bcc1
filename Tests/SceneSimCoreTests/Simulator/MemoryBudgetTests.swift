import ByteText
import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 9, item 3: what the simulator itself keeps counts against a memory budget, and the
/// operation that would pass it fails without changing anything.
@Suite("The simulator's memory budget")
struct MemoryBudgetTests {
    private func launched(budget: Int) throws -> Simulator {
        let simulator = try Simulator(config: .testing(scenes: valueScenes) { $0.multipleScenes = true })
        simulator.memoryBudget = budget
        try simulator.launch()
        try simulator.settle()
        return simulator
    }

    /// Calls `body` until it throws; returns the error and how many calls succeeded.
    private func untilFailure(_ body: () throws(SimError) -> Void) -> (SimError?, Int) {
        for count in 0..<1_000_000 {
            do { try body() } catch { return (error, count) }
        }
        return (nil, 1_000_000)
    }

    @Test("Opening windows without end fails with a memory-limit error, and the failed call changes nothing")
    func windowsInALoop() throws {
        let simulator = try launched(budget: 64 << 10)

        let (error, opened) = untilFailure { () throws(SimError) in _ = try simulator.openWindow("main") }
        let before = simulator.snapshot()
        let again = #expect(throws: SimError.self) { try simulator.openWindow("main") }

        #expect(error?.kind == .memoryLimit)
        #expect(opened > 100 && opened < 300)
        #expect(again?.message.hasPrefix("the simulation's own records (windows, state changes, storage, defaults, server sessions, timers, background tasks: about ") == true)
        #expect(
            again?.message.hasSuffix(
                " bytes) would pass the memory limit (65536 bytes); the scenario keeps too much (a loop that opens windows, changes state, writes storage or defaults, or begins tasks without end?); if it really needs more, raise the limit with --max-memory MiB (0 for none)"
            ) == true)
        #expect(simulator.snapshot() == before)
        #expect(simulator.estimatedMemory <= 64 << 10)
    }

    @Test("Transitions without end fill the AppStateController's history up to the budget, no further")
    func transitionsInALoop() throws {
        let simulator = try launched(budget: 64 << 10)

        let (error, _) = untilFailure { () throws(SimError) in
            _ = try simulator.transition(to: .onboarding(.welcome))
            _ = try simulator.transition(to: .unauthenticated)
        }

        #expect(error?.kind == .memoryLimit)
        #expect(simulator.estimatedMemory <= 64 << 10)
        #expect(simulator.history.count > 100)
    }

    @Test("Long strings the simulator keeps outside windows count too: defaults, server sessions' users, state arguments; each stops at the budget and removing defaults frees it")
    func longStringsOutsideWindows() throws {
        let big = String(repeating: "x", count: 8 << 10)
        let simulator = try launched(budget: 256 << 10)

        let (defaultsError, written) = untilFailure { () throws(SimError) in
            try simulator.setDefault("k\(simulator.defaults.count)", .string(big))
        }
        #expect(defaultsError?.kind == .memoryLimit)
        #expect(written > 10 && written < 40)
        #expect(simulator.estimatedMemory <= 256 << 10)
        for index in 0..<written { try simulator.setDefault("k\(index)", nil) }
        #expect(simulator.estimatedMemory < 64 << 10)

        var users = 0
        let (sessionError, _) = untilFailure { () throws(SimError) in
            _ = try simulator.createSession(user: big + "\(users)")
            users += 1
        }
        #expect(sessionError?.kind == .memoryLimit)
        #expect(users > 10 && users < 40)
        #expect(simulator.estimatedMemory <= 256 << 10)

        let states = try launched(budget: 256 << 10)
        var round = 0
        let (stateError, _) = untilFailure { () throws(SimError) in
            round += 1
            _ = try states.transition(to: .authenticated(user: ByteString(big + "\(round)")))
            _ = try states.transition(to: .unauthenticated)
        }
        #expect(stateError?.kind == .memoryLimit)
        #expect(round < 40)
        #expect(states.estimatedMemory <= 256 << 10)
    }

    @Test(
        "Background tasks count with their names: beginning them without end stops at the budget, and the call that would pass it begins nothing (issue 43: 30,000 with 100 KB names reached 3 GB under 16 MiB)"
    )
    func backgroundTasksInALoop() throws {
        let name = String(repeating: "n", count: 100_000)
        let simulator = try launched(budget: 1 << 20)

        let (error, begun) = untilFailure { () throws(SimError) in _ = try simulator.beginBackgroundTask(named: name) }
        let count = simulator.backgroundTaskCount
        let before = simulator.snapshot()
        let again = #expect(throws: SimError.self) { try simulator.beginBackgroundTask(named: name) }

        #expect(error?.kind == .memoryLimit)
        #expect(begun > 5 && begun < 11)
        #expect(again?.kind == .memoryLimit)
        #expect(simulator.backgroundTaskCount == count)
        #expect(simulator.snapshot() == before)
        #expect(simulator.estimatedMemory <= 1 << 20)
    }

    @Test("Timers and validation requests count too: made without end, they stop at the budget")
    func timersAndRequestsInALoop() throws {
        let timers = try launched(budget: 256 << 10)
        let (timerError, scheduled) = untilFailure { () throws(SimError) in _ = try timers.scheduleTask(after: 1) { _ in } }
        #expect(timerError?.kind == .memoryLimit)
        #expect(scheduled > 100 && scheduled < 3000)
        #expect(timers.estimatedMemory <= 256 << 10)

        let requests = try launched(budget: 256 << 10)
        let token = try requests.createSession(user: "ada")
        let (requestError, asked) = untilFailure { () throws(SimError) in _ = try requests.validate(token: token, answer: { _, _, _ in }) }
        #expect(requestError?.kind == .memoryLimit)
        #expect(asked > 100 && asked < 3000)
        #expect(requests.estimatedMemory <= 256 << 10)
    }

    @Test("A storage write that would pass the budget fails and leaves the storage as it was")
    func storageWrites() throws {
        let simulator = try launched(budget: 256 << 10)
        let window = try #require(simulator.frontWindow)

        let (error, written) = untilFailure { () throws(SimError) in
            try simulator.setStorage(
                window, key: ByteString("k\(simulator.history.count)-\(try simulator.storageKeys(window).count)"), value: .string(ByteString(String(repeating: "x", count: 1000))))
        }
        let keys = try simulator.storageKeys(window)
        #expect(throws: SimError.self) { try simulator.setStorage(window, key: ByteString("one more"), value: .string(ByteString(String(repeating: "y", count: 1000)))) }

        #expect(error?.kind == .memoryLimit)
        #expect(written > 50)
        #expect(try simulator.storageKeys(window) == keys)
        // Deleting frees budget again.
        try simulator.setStorage(window, key: keys[0], value: nil)
        try simulator.setStorage(window, key: keys[1], value: nil)
        try simulator.setStorage(window, key: ByteString("one more"), value: .string(ByteString("y")))
    }

    @Test("Without a budget nothing is refused")
    func noBudget() throws {
        let simulator = try Simulator(config: .testing(scenes: valueScenes) { $0.multipleScenes = true })
        try simulator.launch()
        for _ in 0..<2000 { _ = try simulator.openWindow("main") }
        #expect(simulator.liveSessions.count == 2001)
    }

    @Test("With storage saved at every write, the saved storage follows each write exactly")
    func everyWriteSaves() throws {
        let simulator = try Simulator(config: .testing(scenes: valueScenes) { $0.policy.storageSave = .everyWrite })
        try simulator.launch()
        let window = try #require(simulator.frontWindow)
        for i in 0..<200 { try simulator.setStorage(window, key: ByteString("k\(i % 50)"), value: i.isMultiple(of: 7) ? nil : .int(Int64(i))) }

        let saved = try simulator.savedStorage(window)
        for key in try simulator.storageKeys(window) {
            #expect(saved[key] == (try simulator.storageValue(window, key: key)))
        }
        #expect(saved.count == (try simulator.storageKeys(window)).count)
    }
}
