import ByteText
import CLua
import CLuaShim

extension LuaState {
    /// `scn_pcall`, then the hand-over of writes the called code buffered. Every protected
    /// call Swift makes goes through here, so no buffered write outlives the call.
    func protectedCall(on thread: OpaquePointer, arguments: Int32, results: Int32) -> Int32 {
        let status = scn_pcall(thread, arguments, results)
        flushBufferedWrites(on: thread)
        return status
    }

    /// Hands the writes C buffered (see `LuaClassDefinition.bufferedWrite`) to their classes,
    /// in (class, id, key) order so the hand-over is the same on every run. Called at the
    /// start of every Swift function and after every protected call from Swift (`protectedCall`).
    func flushBufferedWrites(on thread: OpaquePointer) {
        guard scn_has_pending_writes(thread) != 0 else { return }
        let collector = BufferedWriteCollector(state: self)
        // C only collects here (no Swift work under its table traversal); the classes run after.
        scn_flush_writes(
            thread,
            { context, thread, classIndex, id in
                guard let context, let thread else { return }
                let collector = Unmanaged<BufferedWriteCollector>.fromOpaque(context).takeUnretainedValue()
                let stack = LuaStack(L: thread, state: collector.state)
                guard let key = stack.bytes(at: -2) else { return }
                collector.writes.append(BufferedFieldWrite(classIndex: classIndex, id: id, key: key, value: stack.value(at: -1)))
            }, Unmanaged.passUnretained(collector).toOpaque())
        let writes = collector.writes.sorted { ($0.classIndex, $0.id, $0.key) < ($1.classIndex, $1.id, $1.key) }
        for write in writes {
            let slot = Int(write.classIndex)
            if slot >= 0, slot < bufferedWriters.count { bufferedWriters[slot]?(write.id, write.key, write.value) }
        }
    }
}

private struct BufferedFieldWrite {
    var classIndex: Int32
    var id: Int64
    var key: ByteString
    var value: LuaValue
}

private final class BufferedWriteCollector {
    unowned let state: LuaState
    var writes: [BufferedFieldWrite] = []

    init(state: LuaState) {
        self.state = state
    }
}
