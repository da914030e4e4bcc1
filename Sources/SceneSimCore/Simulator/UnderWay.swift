// What is under way in the simulator (issue 40): the entry from outside, the system action, the
// app code running inside it, what that code queued and the failure that wins, in one value
// the core owns. A front end (the Lua binding) runs its app code and ends its calls through
// the functions here, and keeps no count or failure of its own.
extension Simulator {
    /// What is under way, in one value: which calls code running now may make, what it queued,
    /// how deep it nests and which failure wins (semantics 9). The rules:
    ///
    /// - **Entry.** Every call from outside (a script's call, a Swift caller, an event of the
    ///   clock) runs as an entry (`entry`); calls that app code makes from inside it are entries
    ///   nested in it (`entryDepth`). Only the outermost one ends the work: it throws the app
    ///   code's failure, or else runs the queue, then what falls due once a call is over.
    /// - **Action.** A lifecycle action (`action`) runs its steps with `activity == .acting`;
    ///   code run at its handler points cannot start another in the middle (a direct call is a
    ///   `reentrant` error; `send` queues it). While the restore decision is asked
    ///   (`.askingRestore`) nothing may change the simulation.
    /// - **Queue.** Lifecycle actions sent by app code in the middle of an action (acting, or
    ///   `appCodeDepth > 0`) wait in `queue`, charged to the memory budget (`queueBytes`).
    ///   Once the outermost entry is over they run in order (`draining`), each an action of
    ///   its own whose code may queue more, at most `maxQueuedInputs` for one entry; the first
    ///   failure stops the rest and is the entry's error.
    /// - **Failure.** The first failure of app code (`failure`) wins: no more app code runs,
    ///   nothing queued runs, and the outermost entry throws it even when the operation failed
    ///   too. A front end's call made from its app code (a hook's transition whose `state`
    ///   hook failed) ends with it instead, as an error that code may catch (`endCall`):
    ///   caught, it stops nothing more. Then comes the nesting refusal, and last the
    ///   operation's own error.
    /// - **Nesting.** A front end's app code (a script's hooks) nests when a call it makes
    ///   reaches a handler point that runs it again (`nesting`). At `maxNesting` levels the
    ///   innermost is not run and the call that reached it fails (`nestedTooDeep`), well inside
    ///   Lua's own limit of 200 nested C calls, which would end the run with a bare "C stack
    ///   overflow".
    struct UnderWay {
        /// The system action under way, if any.
        var activity = Activity.idle
        /// Entries into the simulator under way, one inside another.
        var entryDepth = 0
        /// App code running now, one inside another (handler points, timer bodies).
        var appCodeDepth = 0
        /// A front end's functions running now, one inside another (`runNested`).
        var nesting = 0
        /// A front end's function was not run, nested `maxNesting` deep: the call that
        /// reached it fails (`endCall`).
        var nestedTooDeep = false
        /// The first failure of app code, until it is handed back (`endCall`) or, once thrown,
        /// a new failure replaces it (a thrown one stops nothing).
        var failure: Failure?
        /// The queue is being run (its actions do not run it again when they end).
        var draining = false
        /// Lifecycle actions app code made in the middle of a system action.
        var queue: [QueuedInput] = []
        /// Estimated bytes the queue holds (charged to the memory limit, see Simulator+Memory).
        var queueBytes = 0

        /// Whether app code failed and its failure has not been thrown yet: no more app code
        /// runs.
        var hasFailed: Bool { failure.map { !$0.thrown } ?? false }

        /// The failure the outermost entry throws now, marked thrown (kept for a front end's
        /// `endCall`); nil when there is none, or it was thrown already.
        mutating func throwFailure() -> SimError? {
            guard var failure, !failure.thrown else { return nil }
            failure.thrown = true
            self.failure = failure
            return failure.error
        }
    }

    /// A failure of app code.
    struct Failure {
        /// What the outermost entry throws.
        var error: SimError
        /// What the front end's code raised (a Lua error keeps its value and traceback); nil
        /// for Swift code.
        var raised: (any Error)?
        /// The outermost entry threw it.
        var thrown = false
    }

    /// How deep a front end's app code may nest (see `UnderWay`).
    package static let maxNesting = 40

    /// How a front end's call ends (`endCall`).
    package enum CallEnd {
        /// It succeeded.
        case done
        /// It fails with this error at its line.
        case failed(SimError)
        /// The front end's app code failed with this (what `appCodeFailed` was given): it is raised
        /// again as it was, a scenario's error with its value.
        case raised(any Error)
    }

    /// Runs one function of a front end's app code (a script's hook or handler) at the point
    /// under way, and hands back what `body` returns (nil when the function failed, reported
    /// with `appCodeFailed`). Nil without running it once app code failed, or when such
    /// functions are nested `maxNesting` deep (the call that reached here then fails: `endCall`).
    package func runNested<T>(_ body: () -> T?) -> T? {
        guard !underWay.hasFailed else { return nil }
        guard underWay.nesting < Self.maxNesting else {
            underWay.nestedTooDeep = true
            return nil
        }
        underWay.nesting += 1
        defer { underWay.nesting -= 1 }
        return body()
    }

    /// How a front end's call into the simulator ends, once its operation is over (`error`, the
    /// operation's own failure, if any): app code's failure first, as what it raised (inside a
    /// hook it travels up through the hook, which may catch it: it no longer stops anything);
    /// then, for a call from a hook, the refusal to nest deeper; then `error`.
    package func endCall(_ error: SimError?) -> CallEnd {
        if let failure = underWay.failure {
            underWay.failure = nil
            return failure.raised.map(CallEnd.raised) ?? .failed(failure.error)
        }
        if underWay.nesting > 0, underWay.nestedTooDeep {
            underWay.nestedTooDeep = false
            return .failed(
                SimError(
                    .reentrant,
                    "\(script: "hooks", swift: "handlers") are nested \(Self.maxNesting) deep: this call, inside \(script: "a hook, fires a hook", swift: "a handler, fires a handler") again, and that one does the same; let \(script: "a hook", swift: "a handler") act only on changes it did not cause (check old and new, or keep a flag)"
                ))
        }
        return error.map(CallEnd.failed) ?? .done
    }

    /// A front end's app code failed (a script's hook raised `raised`): no more app code runs,
    /// nothing queued runs, and the outermost call throws `error` (a front end's call ends
    /// with `raised`, see `endCall`). The first failure is kept.
    package func appCodeFailed(_ error: SimError, raised: any Error) {
        guard !underWay.hasFailed else { return }
        underWay.failure = Failure(error: error, raised: raised)
    }

    /// Whether app code failed in the entry under way (nothing more of it runs).
    package var hasAppCodeFailed: Bool { underWay.hasFailed }
}

/// What the simulator is doing when a call arrives. A call can only arrive in the middle of a
/// system action from code the action runs (a handler point, the restore decider), so this
/// says which calls that code may make: reads and `note` always, changes not while restoring.
enum Activity {
    case idle
    /// A system action is under way (the driver may be running handlers at its points).
    case acting
    /// Waiting for `restoreDecider`, in the middle of a launch.
    case askingRestore
}
