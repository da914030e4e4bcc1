import ByteText
import CLua
import CLuaShim

/// An embedded Lua 5.4 interpreter, sandboxed and limited, that never lets a Lua error
/// longjmp across Swift.
///
/// Every entry into Lua is a protected call with a traceback handler; Swift functions are
/// reached through one C trampoline that raises only after Swift returned; memory and
/// instruction limits are enforced in C. A state belongs to one thread at a time; several
/// states may run in parallel.
package final class LuaState {
    /// The main thread.
    let mainThread: OpaquePointer
    /// The thread whose Swift callback is innermost now (a coroutine's, maybe), else the main one.
    var currentThread: OpaquePointer
    /// The thread whose call into Swift is innermost now (counted or not), nil outside any.
    var callingThread: OpaquePointer?
    /// Swift functions by id (the trampoline's upvalue).
    var functions: [LuaFunctionBody] = []
    /// Tells function references whether this state is still open.
    private(set) lazy var lifetime = LuaStateLifetime(self)
    /// Registered classes, in index order (index 1 first).
    var classes: [LuaClass] = []
    /// What `tostring` shows for a handle of each class, in class index order: rendering a
    /// handle (`print`, `tostring`) calls it directly instead of a protected call of the
    /// handle's `__tostring`, which is the same function and cannot be replaced by a script.
    var handleText: [(Int64) -> String] = []
    /// `LuaClassDefinition.bufferedWrite` of the classes that have one, at their class index
    /// (nil for the others). A list: a dictionary keyed by Int32 cost a conformance lookup for
    /// its generic metadata, a scan of the binary's whole table, at each start.
    var bufferedWriters: [LuaClassDefinition.BufferedWrite?] = []
    /// The classes' plain field getters C calls (scn_set_plain_getter), alive as long as the state.
    var plainFieldBoxes: [PlainFieldBox] = []
    /// Set once the snapshot is taken (LuaState+Snapshot).
    var snapshotMarks: SnapshotMarks?

    /// The options the state was made with.
    package let options: LuaOptions
    /// Where `print` writes: each call gets one line, newline included, as bytes (a string
    /// printed is its bytes, NUL and invalid UTF-8 included).
    package var output: ([UInt8]) -> Void
    /// Stops this state's running code (thread-safe; see `LuaInterruptFlag`).
    package let interruptFlag = LuaInterruptFlag()

    /// A state with `options`; `print` writes to `output` (standard output by default).
    package init(
        options: LuaOptions = LuaOptions(),
        output: @escaping ([UInt8]) -> Void = { Swift.print(String(decoding: $0, as: UTF8.self), terminator: "") }
    ) {
        guard let thread = scn_newstate() else { fatalError("LuaKit: out of memory creating a Lua state") }
        mainThread = thread
        currentThread = thread
        self.options = options
        self.output = output
        scn_set_host(thread, Unmanaged.passUnretained(self).toOpaque()) { host, thread, id in
            guard let host, let thread else { return 0 }
            // The state outlives every call into it; borrowing avoids a retain per call.
            return Unmanaged<LuaState>.fromOpaque(host)._withUnsafeGuaranteedRef {
                $0.dispatch(on: thread, function: Int(id))
            }
        }
        scn_set_interrupt_flag(thread, interruptFlag.pointer)
        openLibraries()
        // Property observers do not run in init: apply the limits directly.
        maxInstructions = options.maxInstructions
        maxMemory = options.maxMemory
        applyLimits()
    }

    deinit {
        lifetime.close()
        scn_flush_stdout(mainThread)  // (what a script left in io.stdout's buffer)
        scn_close(mainThread)
    }

    /// Instruction budget of each top-level call, nil for none (precise to 1000 instructions).
    package var maxInstructions: Int? {
        didSet { applyLimits() }
    }

    /// Memory limit in bytes, nil for none. Lua code that goes past it fails with a memory error.
    package var maxMemory: Int? {
        didSet { applyLimits() }
    }

    private func applyLimits() {
        scn_set_instruction_limit(mainThread, Int64(maxInstructions ?? 0))
        scn_set_memory_limit(mainThread, maxMemory.map { max($0, 1) } ?? 0)
    }

    /// Bytes the state holds now.
    package var memoryUsed: Int { scn_memory_used(mainThread) }

    /// Bytes the state's block pool holds in slabs, free blocks included (at most 64 MiB, or
    /// the memory limit if lower).
    package var pooledBytes: Int { scn_pool_reserved(mainThread) }

    /// Stops this state's running code at its next hook step (same as `interruptFlag.raise()`).
    package func interrupt() {
        interruptFlag.raise()
    }

    /// Charges `steps` instructions of work the Swift function being called does (a step per
    /// byte it copies, per window it walks) to the running call's instruction budget, and
    /// watches for an interrupt. True once the budget is spent or an interrupt came: the
    /// function should stop its work where that leaves everything consistent and return; the
    /// call then fails with the limit's error at the script line that made it. Work done for
    /// code without the count hook (explore's engine) is not charged, but an interrupt still
    /// answers true. Outside any call into Swift, it charges nothing and answers false.
    @discardableResult
    package func chargeWork(_ steps: Int) -> Bool {
        guard let thread = callingThread else { return false }
        return scn_charge_work(thread, Int64(clamping: steps)) != 0
    }

    /// Stops the code running in every state of the process; async-signal-safe, for a SIGINT
    /// handler. Calls starting later are not affected.
    package static func interruptAll() {
        scn_interrupt_all()
    }

    /// Reseeds `math.random` exactly as `math.randomseed(seed)` does.
    package func seedRandom(_ seed: Int64) {
        let status = scn_seed_random(currentThread, seed)
        assert(status == LUA_OK, "LuaKit: seeding math.random failed")
        if status != LUA_OK { scn_pop(currentThread, 1) }
    }

    private func openLibraries() {
        let libraries = options.libraries == .all ? SCN_LIBRARIES_ALL : SCN_LIBRARIES_SANDBOX
        let status = scn_open_libraries(mainThread, Int32(libraries.rawValue), options.moduleDirectory)
        if status != LUA_OK {
            fatalError("LuaKit: opening the libraries failed: \(LuaStack(L: mainThread, state: self).string(at: -1) ?? "?")")
        }
        if options.libraries == .all {
            // io.stdout writes where print does, in order (a golden test keeps its bytes).
            scn_route_stdout(
                mainThread,
                { context, bytes, length in
                    guard let context, let bytes else { return }
                    Unmanaged<LuaState>.fromOpaque(context)._withUnsafeGuaranteedRef {
                        $0.output(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
                    }
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        // print's writer: the shim's print (determinism.c) converts its arguments as stock
        // Lua's does and hands the bytes to write here, a line at a time (or what came before
        // an argument whose `__tostring` failed).
        register("print") { call in
            // Anything a script left in io.stdout's buffer (setvbuf "full") comes first.
            scn_flush_stdout(call.state.mainThread)
            guard let text = call.withBytes(at: 1, { Array($0) }) else { return .values(0) }
            call.state.output(text)
            // Output past what may be held stops here, at the print's line, rather than at
            // the next hook step, which a loop of large prints reaches only after hundreds.
            if call.state.interruptFlag.isOutputLimit {
                return .error("output limit exceeded (\(call.state.maxMemory ?? 0) bytes)")
            }
            return .values(0)
        }
        // tostring's rendering of what stock Lua prints as an address (a table, a function, a
        // handle); the shim's tostring (determinism.c) runs `__tostring` and renders the rest.
        register("tostring") { call in
            guard call.count >= 1 else { return .error("bad argument #1 to 'tostring' (value expected)") }
            do throws(LuaError) { return call.results(.string(ByteString(try call.describe(at: 1)))) } catch {
                return .error(error.message, location: .none)
            }
        }
        if scn_install_deterministic_functions(mainThread) != LUA_OK {
            fatalError("LuaKit: installing pairs and string.format failed: \(LuaStack(L: mainThread, state: self).string(at: -1) ?? "?")")
        }
        seedRandom(options.randomSeed)
    }
}
