#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) @_spi(MainActorUtilities) import _Concurrency
import Synchronization

/// The tasks the app's code starts, run by the simulator within its events (semantics 10.10).
///
/// A Swift model's code runs in `capturing` (every hop into it goes through `onMainActor`).
/// While it runs, a job the code makes ready on the thread that runs it (a `Task { @MainActor
/// in … }` started, a continuation resumed, a hop to a nonisolated async function, a
/// `Task.yield()`) is kept instead of going to the platform's executors, and when the outermost
/// hop's code returns, every job kept (and every job those make ready) runs there, in the order
/// they became ready, on the main actor. So a task the app starts runs when the code that
/// started it returns, within the same event, until it awaits the clock (`SimClock`) or
/// something outside the simulation.
///
/// The mechanism is Swift's custom executors (`_createExecutors`, installed once, on the first
/// hop): the main and the default executor wrap the platform's and forward everything not made
/// ready on a thread running the app's code, so the rest of the process is untouched. A
/// `withMainSerialExecutor`-style enqueue hook does not see `Task { @MainActor in }` on Swift
/// 6.3, which is why this takes over the executors.
///
/// The app's tasks are followed from their first job (a job of kind `.task` the app's code made
/// ready, whose address is the task's) to their end, which a watcher of the simulator's own
/// awaits (`watch`): so the simulator knows which of the process's tasks are still under way,
/// which of those wait on its clock or server and which on something outside it
/// (`Simulator.pendingWork`), and the error a task threw and did not catch, which fails the
/// event that ran it. A job of one of those tasks made ready from outside (another thread, or
/// the main actor between events) is parked until the simulator's next entry runs it, or
/// dropped if its process has ended. The SPI needs macOS 26.4 or later (Linux:
/// any); on an older macOS the app's tasks are not managed: they run when the main actor is
/// free, as in the app.
enum AppTasks {
    /// The most jobs one hop runs before it calls the app's tasks a livelock (a task that
    /// yields for ever).
    static let drainLimit = 100_000

    /// Whether the calling thread is running the app's code in `capturing` (a handler, or an
    /// app's task the simulator runs).
    static var isRunningAppCode: Bool { pthread_getspecific(markKey) != nil }

    /// Runs `body`, the app's code on the main actor for `simulator`; when this is the
    /// outermost hop, then runs every job it made ready (see the type). A livelock of the
    /// app's tasks is an error, and the jobs still ready are dropped (their tasks never run
    /// again); so is an error a task of the app's threw and did not catch (`AppTaskFailure`).
    static func capturing<T>(_ simulator: Simulator, _ body: () throws -> T) throws -> T {
        guard installed, !isRunningAppCode else { return try body() }
        pthread_setspecific(markKey, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(markKey, nil) }
        let ref = SimulatorRef(simulator: simulator)
        state.withLock { $0.simulator = ref }
        defer { state.withLock { $0.simulator = nil } }
        let result = Result { try body() }
        try drain(simulator)
        if let failure = takeFailure(of: simulator.serial) { throw failure }
        return try result.get()
    }

    /// What the executors and the simulators share, under one lock: the jobs kept, in the
    /// order they became ready, and the first not yet run; the app's tasks not yet ended, their
    /// watchers, the jobs parked for a later hop and the errors not yet reported.
    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        /// The simulator whose app code runs now (in `capturing`).
        var simulator: SimulatorRef?
        /// The task whose job runs now in `drain`, if it is one of the app's.
        var running: UInt?
        /// The app's tasks that have not ended, by the address of the task.
        var live: [UInt: AppTaskRecord] = [:]
        /// Tasks seen for the first time, not yet given a watcher (`watch`).
        var fresh: [UInt] = []
        /// The watchers' own tasks (not the app's), by address.
        var watchers: Set<UInt> = []
        /// Set while the simulator makes a task of its own (a watcher, an async handler's task,
        /// which `startNow` follows itself): its first job is not a new task of the app's.
        var makingOwnTask = false
        /// Jobs of the app's tasks made ready from outside the simulation (not while the app's
        /// code ran): they wait for their simulator's next hop (`parked`).
        var parked: [(serial: Int, job: UnownedJob)] = []
        /// Errors the app's tasks threw and did not catch, not yet reported.
        var failures: [AppTaskFailure] = []
        /// Numbers the app's tasks in the order they started, for the whole process.
        var started = 0
        /// The child tasks of the app's tasks (`async let`, a task group's), by address: the
        /// task of the app's they are part of (the simulator follows that one: a child's error
        /// goes to its parent, which cannot end before it).
        var children: [UInt: UInt] = [:]
        /// How many waits in the simulation (a sleep on the clock, the server's answer) each task
        /// of the app's has under way, its children's included, by address.
        var waits: [UInt: Int] = [:]

        /// The task of the app's the task at `address` is, or is a child of; nil: neither.
        func root(of address: UInt) -> UInt? {
            live[address] != nil ? address : children[address]
        }

        /// The record of the task of the app's the task at `address` is, or is a child of.
        func record(of address: UInt) -> AppTaskRecord? {
            root(of: address).flatMap { live[$0] }
        }

        /// Forgets a task of the app's (it ended, or never runs again), its children and waits.
        mutating func forget(_ address: UInt) {
            live.removeValue(forKey: address)
            waits.removeValue(forKey: address)
            if !children.isEmpty { children = children.filter { $0.value != address } }
        }
    }

    private static let state = Mutex<State>(State())

    /// A task's address: its job is the task itself (`ExecutorJob.Kind.task`).
    private static func address(of job: UnownedJob) -> UInt {
        UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self))
    }

    /// The address of the task a `Task` handle holds (the handle is a reference to it).
    private static func address<Success, Failure>(of task: Task<Success, Failure>) -> UInt {
        UInt(bitPattern: unsafeBitCast(task, to: UnsafeRawPointer.self))
    }

    /// How many jobs are parked (`park`), read without the lock by every entry (`hasParked`).
    private static let parkedCount = Atomic<Int>(0)

    /// Whether jobs of simulator `serial`'s app's tasks made ready from outside the simulation
    /// wait for a hop (without the lock when none of any simulator's do).
    static func hasParked(_ serial: Int) -> Bool {
        guard parkedCount.load(ordering: .relaxed) > 0 else { return false }
        return state.withLock { $0.parked.contains { $0.serial == serial } }
    }

    /// What both taken-over executors do with a job made ready: kept when the app's code made
    /// it (`keep`), parked when it resumes one of the app's tasks from outside (`park`); false:
    /// neither, the platform's executor runs it.
    static func take(_ job: UnownedJob, isTask: Bool) -> Bool {
        if isRunningAppCode {
            keep(job, isTask: isTask)
            return true
        }
        return park(job, isTask: isTask)
    }

    /// Keeps a job made ready by the app's code (an executor's enqueue, on a capturing thread).
    /// A task's first job is how the simulator learns that the app's code started a task.
    static func keep(_ job: UnownedJob, isTask: Bool) {
        let address = address(of: job)
        state.withLock { state in
            state.jobs.append(job)
            guard isTask, !state.makingOwnTask, state.live[address] == nil, !state.watchers.contains(address),
                let simulator = state.simulator?.simulator
            else { return }
            if isChildTask(job) {
                // Part of the task whose step made it, from its first job on; an entry left by
                // a child of an ended process at the same address is stale.
                if let known = state.children[address].flatMap({ state.live[$0] }), known.serial == simulator.serial,
                    known.launch == simulator.launchCount
                {
                    return
                }
                if let root = state.running { state.children[address] = root }
                return
            }
            let parent = state.running.flatMap { state.live[$0] }
            state.started += 1
            state.live[address] = AppTaskRecord(
                serial: simulator.serial, launch: simulator.launchCount, number: state.started,
                origin: AppTaskOrigin(started: simulator.now, by: parent?.origin), parent: state.running)
            state.fresh.append(address)
        }
    }

    /// Takes a job of the app's task made ready from outside the simulation (another thread,
    /// or the main actor while no app code runs): it waits for its simulator's next hop,
    /// instead of running when the main actor is free, between or after the simulator's
    /// events. False for a job that is not one of the app's tasks.
    static func park(_ job: UnownedJob, isTask: Bool) -> Bool {
        guard isTask else { return false }
        let address = address(of: job)
        return state.withLock { state in
            guard let record = state.record(of: address) else { return false }
            record.isParked = true
            state.parked.append((record.serial, job))
            parkedCount.add(1, ordering: .relaxed)
            return true
        }
    }

    private static func takeNext(_ simulator: Simulator) -> UnownedJob? {
        let serial = simulator.serial
        let launch = simulator.launchCount
        let (job, fresh) = state.withLock { state -> (UnownedJob?, [UInt]) in
            let fresh = state.fresh
            state.fresh.removeAll()
            if !state.parked.isEmpty, state.next == state.jobs.count {
                // What came from outside since the last hop, in the order it came; a job of a
                // process that ended is dropped (no app code runs after `terminated`).
                for (index, parked) in state.parked.enumerated().reversed() where parked.serial == serial {
                    state.parked.remove(at: index)
                    parkedCount.subtract(1, ordering: .relaxed)
                    let address = address(of: parked.job)
                    guard let record = state.record(of: address), record.launch == launch else { continue }
                    record.isParked = false
                    state.jobs.insert(parked.job, at: state.next)
                }
            }
            guard state.next < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                state.running = nil
                return (nil, fresh)
            }
            defer { state.next += 1 }
            let job = state.jobs[state.next]
            let address = address(of: job)
            state.running = state.root(of: address)
            return (job, fresh)
        }
        for address in fresh { watch(address) }
        guard job != nil || !fresh.isEmpty else { return nil }
        return job ?? takeNext(simulator)
    }

    /// Starts the watcher of one of the app's tasks: a task of the simulator's own that awaits
    /// the app's task's end (run within the event that ends it, as the app's task is), then
    /// forgets it, keeping the error it threw.
    ///
    /// The watcher holds the task by a `Task` handle made from its address (the task is a
    /// reference-counted object; the handle retains it, so the address is not reused while
    /// the simulator knows it). Swift gives no way to await a task whose result type is not
    /// known, and the runtime copies the task's result, with the task's own type, into room
    /// the handle claims: so the watcher reads the size of the task's result type
    /// (`resultSize`) and awaits with room of 4 KiB, 64 KiB or 1 MiB (`ResultSpace`, never
    /// read, in the watcher's frame; what it holds is never released, a small leak per task
    /// that returns a reference). A task whose result is larger still is not followed
    /// (forgotten at once: it runs as in the app, not within the events). When the size cannot
    /// be read (`resultTypeOffset` found nothing), 4 KiB is assumed, as before
    /// (docs/semantics.md 10.10).
    private static func watch(_ address: UInt) {
        let size = resultSize(of: address) ?? 0
        if size <= MemoryLayout<ResultSpace>.size {
            watch(address, room: ResultSpace.self)
        } else if size <= MemoryLayout<LargeResultSpace>.size {
            watch(address, room: LargeResultSpace.self)
        } else if size <= MemoryLayout<HugeResultSpace>.size {
            watch(address, room: HugeResultSpace.self)
        } else {
            state.withLock { $0.forget(address) }
        }
    }

    private static func watch<Room: Sendable>(_ address: UInt, room: Room.Type) {
        let task = retainedTask(at: address, room: Room.self)
        state.withLock { $0.makingOwnTask = true }
        let watcher = Task { @MainActor in
            let watcher = withUnsafeCurrentTask { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer?.self)) }
            // The value is discarded where the runtime wrote it (the watcher's frame, on the
            // heap), never copied: a `Result` of the room would be, onto the thread's stack.
            do {
                _ = try await task.value
                ended(address, watcher: watcher, .success(()))
            } catch {
                ended(address, watcher: watcher, .failure(error))
            }
        }
        state.withLock { state in
            state.makingOwnTask = false
            state.watchers.insert(Self.address(of: watcher))
        }
    }

    /// A `Task` handle to the task at `address`, holding its own reference. The handle made
    /// by casting the address does not own one, so it goes into a slot that is let go without
    /// being released; the copy read from it retains the task, as a `Task` value is retained:
    /// natively, on every platform. (`Unmanaged<AnyObject>` would not do on a Mac, where its
    /// retain asks the object's class whether it is an Objective-C one, and a task has no
    /// class.)
    private static func retainedTask<Room: Sendable>(at address: UInt, room: Room.Type) -> Task<Room, any Error> {
        let slot = UnsafeMutablePointer<Task<Room, any Error>>.allocate(capacity: 1)
        defer { slot.deallocate() }  // not deinitialized: the cast handle's reference was never taken
        slot.initialize(to: unsafeBitCast(UnsafeRawPointer(bitPattern: address)!, to: Task<Room, any Error>.self))
        return slot.pointee
    }

    /// Room for a task's result that the watcher never reads: 4 KiB.
    private typealias ResultSpace = (
        SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>
    )

    /// Room for a larger result: 64 KiB.
    private typealias LargeResultSpace = (
        (ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace),
        (ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace, ResultSpace)
    )

    /// Room for the largest result followed: 1 MiB.
    private typealias HugeResultSpace = (
        (LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace),
        (LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace, LargeResultSpace)
    )

    /// The size of the result type of the unstructured task at `address`, read from the type
    /// the task keeps (at `resultTypeOffset`); nil when that place is not known.
    private static func resultSize(of address: UInt) -> Int? {
        guard let offset = resultTypeOffset,
            let metadata = UnsafeRawPointer(bitPattern: address)!.load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
        else { return nil }
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(unsafeBitCast(metadata, to: Any.Type.self), do: size)
    }

    /// Where an unstructured task keeps its result type (the type's metadata, in the task's
    /// future fragment, after the task's header: the runtime's layout, not a public API),
    /// found once by two probe tasks whose result types are known: the first word, within the
    /// task's first 512 bytes, that holds each probe's result type. Nil when the two disagree
    /// or neither is found (then 4 KiB is assumed).
    static let resultTypeOffset: Int? = {
        struct ProbeA: Sendable { var value: UInt8 = 1 }
        struct ProbeB: Sendable { var value: (UInt64, UInt8) = (2, 3) }
        func offsets<T>(_ task: Task<T, Never>, _ type: T.Type) -> [Int] {
            let address = UnsafeRawPointer(bitPattern: Self.address(of: task))!
            let wanted = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
            let word = MemoryLayout<UnsafeRawPointer>.size
            return stride(from: 4 * word, to: 512, by: word).filter { address.load(fromByteOffset: $0, as: UnsafeRawPointer?.self) == wanted }
        }
        let a = Task.detached { ProbeA() }
        let b = Task.detached { ProbeB() }
        let found = Set(offsets(a, ProbeA.self)).intersection(offsets(b, ProbeB.self))
        return found.min()
    }()

    /// One of the app's tasks ended: it is forgotten; an error it threw (other than
    /// `CancellationError`) waits to fail its simulator's event, or `finish()`.
    private static func ended(_ address: UInt, watcher: UInt, _ result: Result<Void, any Error>) {
        var thrown: String?
        if case .failure(let error) = result, !(error is CancellationError) { thrown = "\(error)" }
        state.withLock { state in
            state.watchers.remove(watcher)
            guard let record = state.live[address] else { return }
            state.forget(address)
            if let thrown { state.failures.append(AppTaskFailure(serial: record.serial, origin: record.origin, error: thrown)) }
        }
    }

    /// The first error a task of simulator `serial`'s app threw and did not catch, as the
    /// simulator's error; taken, with the others of that simulator (the first one fails).
    static func takeFailure(of serial: Int) -> SimError? {
        let failures = state.withLock { state -> [AppTaskFailure] in
            let mine = state.failures.filter { $0.serial == serial }
            if !mine.isEmpty { state.failures.removeAll { $0.serial == serial } }
            return mine
        }
        return failures.first.map { SimError(.appCode, $0.message) }
    }

    /// Notes that the task of the app's whose step runs now (with its children) begins a wait
    /// in the simulation (a sleep on the clock, the server's answer): while it lasts, the task is
    /// not waiting on something outside the simulation. Returns that task, for
    /// `simulationWaitEnds`.
    static func simulationWaitBegins() -> UInt? {
        state.withLock { state in
            guard let running = state.running else { return nil }
            state.waits[running, default: 0] += 1
            return running
        }
    }

    /// A wait `simulationWaitBegins` began is over (the sleep resumes, the answer comes).
    static func simulationWaitEnds(_ owner: UInt?) {
        guard let owner else { return }
        state.withLock { state in
            let left = (state.waits[owner] ?? 0) - 1
            state.waits[owner] = left == 0 ? nil : left
        }
    }

    /// Whether `job`, a task's first job, is a child task's (`async let`, a task group's): the
    /// `IsChildTask` bit (24) of the job's flags, the word after the heap object's header and
    /// the scheduler's two private words (Swift's ABI for a `Job`).
    private static func isChildTask(_ job: UnownedJob) -> Bool {
        let flags = UnsafeRawPointer(bitPattern: address(of: job))!.load(fromByteOffset: 4 * MemoryLayout<UnsafeRawPointer>.size, as: UInt32.self)
        return flags & (1 << 24) != 0
    }

    /// Runs one of the app's async handlers at its handler point (semantics 10.11): its code
    /// starts at once, on this thread, as the code of a synchronous handler does, and when it
    /// returns without awaiting anything that suspends (every synchronous handler, converted
    /// to an async one), this returns its result: its error is the handler's, thrown here. When
    /// it awaits (the clock, the server, a `Task.yield()`, something outside the simulation),
    /// the handler point goes on, and the rest of the handler is one of the app's tasks
    /// (followed as a `Task { @MainActor in … }` the handler started is): it resumes within the
    /// event that makes it ready, `pendingWork` names it while it awaits something outside the
    /// simulation, and an error it throws after it awaited fails the event that ran it, as the
    /// handler's (`AppTaskFailure`). A termination drops it.
    ///
    /// The start (`startNow`): with the executors taken over (Linux, macOS 26.4 and later), the
    /// task's first job is run here; otherwise `Task.immediate` (macOS 26 to 26.3) or the
    /// runtime's older entry for the same start on the main actor (`Task.startOnMainActor`,
    /// macOS 15 to 25), so a synchronous handler runs at its handler point on every platform.
    @MainActor
    static func runHandler(_ simulator: Simulator, _ name: String, _ body: @escaping @MainActor () async throws -> Void) throws {
        let run = HandlerRun()
        let (task, parent, number) = startNow { @MainActor () async throws -> Void in
            do {
                try await body()
            } catch {
                guard run.suspended else {
                    run.error = error
                    run.finished = true
                    return
                }
                throw error
            }
            run.finished = true
        }
        if run.finished {
            if let error = run.error { throw error }
            return
        }
        run.suspended = true
        guard installed else { return }
        adopt(task, simulator, handler: name, parent: parent, number: number)
    }

    /// Starts `body` as a task whose first run is now, on this thread, until it first suspends.
    /// With the executors taken over, the task's first job is taken out of the jobs kept and run
    /// here: `Task.immediate` decides from the thread whether it runs on the main actor, and on
    /// Linux a process that called `dispatchMain()` (Swift Testing's) serves the main actor on
    /// another thread, so it sometimes enqueued the job instead.
    ///
    /// While that first run goes, the task is the one whose step runs (`running`), though not
    /// yet followed: the children it starts are its, and so are the waits it begins. Returns
    /// the task, the task of the app's whose step ran before (the handler's parent), and the
    /// task's place in the order the app's tasks started (taken now, before the tasks its first
    /// run starts).
    @MainActor
    private static func startNow(_ body: @escaping @MainActor () async throws -> Void) -> (Task<Void, any Error>, parent: UInt?, number: Int) {
        guard installed, isRunningAppCode else { return (startImmediately(body), nil, 0) }
        let number = state.withLock { state -> Int in
            state.makingOwnTask = true
            state.started += 1
            return state.started
        }
        let task = Task { @MainActor in try await body() }
        let address = Self.address(of: task)
        let (job, parent) = state.withLock { state -> (UnownedJob?, UInt?) in
            state.makingOwnTask = false
            let parent = state.running
            guard let index = state.jobs.lastIndex(where: { Self.address(of: $0) == address }), index >= state.next else { return (nil, parent) }
            state.running = address
            return (state.jobs.remove(at: index), parent)
        }
        if let job {
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            state.withLock { $0.running = parent }
        }
        return (task, parent, number)
    }

    /// Starts `body` as a task that runs on this thread at once, until it first suspends; the
    /// rest is enqueued on the main actor as any task's. Below macOS 26: `Task.startOnMainActor`,
    /// the start `Task.immediate` replaced, called through a protocol so that its deprecation
    /// does not warn (the build has no warnings).
    @MainActor
    private static func startImmediately(_ body: @escaping @MainActor () async throws -> Void) -> Task<Void, any Error> {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: body)
        }
        return (LegacyMainActorStart.self as any MainActorStart.Type).start(body)
    }

    /// Follows the rest of an async handler that awaited (`runHandler`) as one of the app's
    /// tasks: known already if a job of it was made ready while it ran (a `Task.yield()`), or
    /// new, started now by the task that ran the handler, if one did.
    private static func adopt(_ task: Task<Void, any Error>, _ simulator: Simulator, handler: String, parent: UInt?, number: Int) {
        let address = Self.address(of: task)
        state.withLock { state in
            if let record = state.live[address] {
                record.origin.handler = handler
                record.number = number
                return
            }
            let record = AppTaskRecord(
                serial: simulator.serial, launch: simulator.launchCount, number: number,
                origin: AppTaskOrigin(started: simulator.now, by: parent.flatMap { state.live[$0] }?.origin, handler: handler),
                parent: parent)
            state.live[address] = record
            state.fresh.append(address)
        }
    }

    /// The app's tasks of simulator `serial`'s process `launch` that have not ended, in the
    /// order they started; `waitsInSimulation`: it, or a task it started (a `Task { … }` whose
    /// value it may await), has a wait in the simulation under way, or was made ready from
    /// outside. (A task awaiting one it did not start is not seen as waiting on it.)
    static func tasks(of serial: Int, launch: Int) -> [(origin: AppTaskOrigin, waitsInSimulation: Bool, isParked: Bool)] {
        state.withLock { state in
            let mine = state.live.filter { $0.value.serial == serial && $0.value.launch == launch }
            var waiting: Set<UInt> = []
            // A task resumed from outside is named as such; the tasks that started it wait on it.
            for (address, record) in mine where (state.waits[address] ?? 0) > 0 || record.isParked {
                var next: UInt? = record.isParked && (state.waits[address] ?? 0) == 0 ? record.parent : address
                while let current = next, waiting.insert(current).inserted { next = state.live[current]?.parent }
            }
            return mine.sorted { $0.value.number < $1.value.number }
                .map { ($0.value.origin, waiting.contains($0.key), $0.value.isParked) }
        }
    }

    private static func drain(_ simulator: Simulator) throws(SimError) {
        var ran = 0
        while let job = takeNext(simulator) {
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            ran += 1
            if ran >= drainLimit, isPending {
                // Dropped, never run: they would keep the next event going too. Their tasks
                // never run again, so they are not under way either (`pendingWork`).
                state.withLock { state in
                    for job in state.jobs[state.next...] {
                        if let root = state.root(of: address(of: job)) { state.forget(root) }
                    }
                    state.jobs = []
                    state.next = 0
                    state.running = nil
                }
                throw SimError(
                    .didNotSettle,
                    "the app's tasks ran \(drainLimit) steps in one event and are still ready to run: a task that never awaits anything but Task.yield() or itself keeps the event going; let it await the clock (SimClock.sleep) or end"
                )
            }
        }
    }

    private static var isPending: Bool { state.withLock { $0.next < $0.jobs.count } }

    /// The thread-specific mark of a thread running the app's code.
    private static let markKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the executors are taken over (once, on first use).
    private static let installed: Bool = {
        if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
            _createExecutors(factory: AppTaskExecutors.self)
            // Found now, while no app code runs on this thread: the probes' tasks go to the
            // platform's executors, never taken for the app's.
            _ = resultTypeOffset
            return true
        }
        return false
    }()
}

/// Where one of the app's tasks started: when, and by which task of the app's, if one did.
struct AppTaskOrigin: Sendable {
    var started: VirtualTime
    /// The origins of the tasks that started it, innermost first.
    var parents: [VirtualTime] = []
    /// The async handler whose rest this task is (`AppTasks.runHandler`): `onLaunch`.
    var handler: String?

    init(started: VirtualTime, by parent: AppTaskOrigin?, handler: String? = nil) {
        self.started = started
        self.handler = handler
        if let parent { parents = [parent.started] + parent.parents }
    }

    /// `started at 1.000 s by a task started at 0.000 s`; `started at 0.000 s (the rest of the
    /// async onLaunch)`.
    var text: String {
        let words = ["started at \(started.text) s"] + parents.map { "by a task started at \($0.text) s" }
        return words.joined(separator: " ") + (handler.map { " (the rest of the async \($0))" } ?? "")
    }
}

/// A start of a task on the main actor that runs at once (`AppTasks.startImmediately`).
private protocol MainActorStart {
    @MainActor static func start(_ body: @escaping @MainActor () async throws -> Void) -> Task<Void, any Error>
}

private enum LegacyMainActorStart: MainActorStart {
    @available(*, deprecated, message: "Task.startOnMainActor is deprecated, renamed Task.immediate (macOS 26)")
    @MainActor static func start(_ body: @escaping @MainActor () async throws -> Void) -> Task<Void, any Error> {
        Task.startOnMainActor(body)
    }
}

/// What an async handler's first run left (`AppTasks.runHandler`), on the main actor.
@MainActor
private final class HandlerRun {
    /// Its code ended (returned or threw) before it awaited anything that suspends.
    var finished = false
    /// The error it threw then: the handler's.
    var error: (any Error)?
    /// Its code awaited: the rest is one of the app's tasks, whose error fails a later event.
    var suspended = false
}

/// One of the app's tasks, from its first job until it ends (`AppTasks`).
final class AppTaskRecord: @unchecked Sendable {
    /// The simulator whose app started it, and the process (launch number).
    let serial: Int
    let launch: Int
    /// Its place in the order the app's tasks started.
    var number: Int
    var origin: AppTaskOrigin
    /// The task of the app's whose step started it, by address.
    let parent: UInt?
    /// Whether something outside the simulation made it ready; it runs at the next hop.
    var isParked = false

    init(serial: Int, launch: Int, number: Int, origin: AppTaskOrigin, parent: UInt?) {
        self.serial = serial
        self.launch = launch
        self.number = number
        self.origin = origin
        self.parent = parent
    }
}

/// The simulator whose app code runs now, for the executors (used on its own thread only).
struct SimulatorRef: @unchecked Sendable {
    unowned(unsafe) let simulator: Simulator
}

/// An error one of the app's tasks threw and did not catch.
struct AppTaskFailure {
    var serial: Int
    var origin: AppTaskOrigin
    var error: String

    var message: SimError.Message {
        if let handler = origin.handler {
            return "\(handler), an async handler that ran at \(origin.started.text) s, threw an error after it awaited: \(error)"
        }
        return
            "a task the app's code \(origin.text) threw an error it did not catch: \(error); an unstructured Task drops its error in the app, so catch it inside the task (do/catch) and handle it there"
    }
}

/// The main actor's executor, taken over: a job made ready while the app's code runs on this
/// thread is kept for the simulator; any other goes to the platform's.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private final class AppMainExecutor: MainExecutor, @unchecked Sendable {
    let platform: any MainExecutor
    init(platform: any MainExecutor) { self.platform = platform }
    func run() throws { try platform.run() }
    func stop() { platform.stop() }
    func enqueue(_ job: consuming ExecutorJob) {
        let isTask = job.kind == .task
        let job = UnownedJob(job)
        if !AppTasks.take(job, isTask: isTask) { platform.enqueue(ExecutorJob(job)) }
    }
    var isMainExecutor: Bool { true }
    func checkIsolated() { platform.checkIsolated() }
}

/// The default (global) executor, taken over the same way: a nonisolated async function the
/// app's task calls runs within the event too.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private final class AppDefaultExecutor: TaskExecutor, @unchecked Sendable {
    let platform: any TaskExecutor
    init(platform: any TaskExecutor) { self.platform = platform }
    func enqueue(_ job: consuming ExecutorJob) {
        let isTask = job.kind == .task
        let job = UnownedJob(job)
        if !AppTasks.take(job, isTask: isTask) { platform.enqueue(ExecutorJob(job)) }
    }
}

/// A job due later (a real `Task.sleep`, a `ContinuousClock` sleep: something outside the
/// simulation) goes to the platform's scheduling, which makes it ready when it is due; what it
/// resumes is then made ready from outside the simulation (`AppTasks.park`). The runtime asks
/// the default executor for its scheduling unconditionally: without it, any real sleep in the
/// process crashed once the executors were taken over.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
extension AppDefaultExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        platformScheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        platformScheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
    }

    /// The platform's default executor schedules (Dispatch's and the cooperative one both do).
    private var platformScheduling: any SchedulingExecutor {
        guard let scheduling = platform as? any SchedulingExecutor else {
            fatalError("the platform's default executor (\(type(of: platform))) cannot schedule a job for later")
        }
        return scheduling
    }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private struct AppTaskExecutors: ExecutorFactory {
    static let main = AppMainExecutor(platform: PlatformExecutorFactory.mainExecutor)
    static let global = AppDefaultExecutor(platform: PlatformExecutorFactory.defaultExecutor)
    static var mainExecutor: any MainExecutor { main }
    static var defaultExecutor: any TaskExecutor { global }
}
