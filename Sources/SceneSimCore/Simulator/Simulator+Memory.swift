// The simulator's own memory budget (issue 9.3). Lua's heap is bounded by the Lua state's
// allocator, but what the simulator keeps (sessions, their labels and values, the
// AppStateController's history, storage) grew without bound: a script that opens windows in
// a loop holds almost nothing in Lua while Swift holds gigabytes. So the simulator keeps an
// estimate of what its records hold and refuses, before changing anything, an operation that
// could take it over `memoryBudget`.
extension Simulator {
    /// Estimated bytes of one session record besides its label, value and storage.
    static let sessionCost = 256
    /// Estimated bytes of one recorded transition (accepted or rejected).
    static let transitionCost = 128
    /// Estimated bytes of one storage entry besides its key and value bytes.
    static let storageEntryCost = 64
    /// What one operation may add besides storage values: a session and a few transitions.
    static let operationAllowance = 4096
    /// Estimated bytes of one background task record besides its name (kept for the run).
    static let backgroundTaskCost = 128
    /// Estimated bytes of one timer: its record (kept for the run), and while it is pending its
    /// body and its job in the scheduler.
    static let timerCost = 48
    static let pendingTimerCost = 128
    /// Estimated bytes of one validation request waiting for the server's answer.
    static let validationCost = 160
    /// Estimated bytes of one lifecycle action queued by app code besides its origin and
    /// payload: its record, twice (the queue's array grows by doubling), and its origin's
    /// allocation.
    static let queuedInputCost = 2 * MemoryLayout<QueuedInput>.stride + 48

    /// Estimated bytes the simulator's records hold now.
    package var estimatedMemory: Int {
        let transitions = (process?.machine.history.count ?? 0) + (process?.machine.rejected.count ?? 0)
        return recordBytes + transitions * Self.transitionCost + (process?.machine.payloadBytes ?? 0)
            + (process.map { Self.cost(of: $0.memory) } ?? 0) + server.bytes + defaultsBytes + servicesBytes + underWay.queueBytes
    }

    /// What the timers, background tasks and validation requests hold (a script can make any
    /// number of each: 30,000 background tasks with 100 KB names reached 3 GB under a 16 MiB
    /// limit when they were not counted).
    var servicesBytes: Int {
        services.tasks.count * Self.timerCost + services.taskBodies.count * Self.pendingTimerCost
            + services.backgroundTasks.count * Self.backgroundTaskCost + services.backgroundTaskNameBytes
            + services.validations.count * Self.validationCost
    }

    /// The defaults' cost, kept as they are written (summing them at every check would cost a
    /// walk of every key).
    var defaultsBytes: Int { services.defaultsBytes }

    static func cost(of storage: SimSceneStorage) -> Int {
        storage.byteCount + storage.count * storageEntryCost
    }

    private func storageCost(of id: SessionID) -> Int {
        // Read in place: a copy of the record retains and releases every field (its label,
        // value, saved and live storage) at each storage change, connect and disconnect.
        sessions.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + id.index
            guard let scene = record.pointee.scene else { return Self.cost(of: record.pointee.saved) }
            return Self.cost(of: record.pointee.saved) + Self.cost(of: scene.storage) + Self.cost(of: scene.memory)
        }
    }

    /// Runs `body`, which changes the saved or live storage of `id`, and accounts for it.
    func changingStorage(of id: SessionID, _ body: () -> Void) {
        let before = storageCost(of: id)
        body()
        recordBytes += storageCost(of: id) - before
    }

    func accountForNewSession(_ id: SessionID) {
        recordBytes += Self.sessionCost + 2 * sessions[id.index].label.utf8.count + (sessions[id.index].value?.byteSize ?? 0)
    }

    /// Fails when `extra` more bytes would take the records over the budget; called before an
    /// operation changes anything.
    func requireMemory(_ extra: Int) throws(SimError) {
        guard let budget = memoryBudget, estimatedMemory + extra > budget else { return }
        throw SimError(
            .memoryLimit,
            "the simulation's own records (windows, state changes, storage, defaults, server sessions, timers, background tasks: about \(estimatedMemory) bytes) would pass the memory limit (\(budget) bytes); the scenario keeps too much (a loop that opens windows, changes state, writes storage or defaults, or begins tasks without end?); if it really needs more, raise the limit with --max-memory MiB (0 for none)"
        )
    }
}
