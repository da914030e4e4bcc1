import CLuaShim

extension LuaState {
    /// What the state looked like to Swift when the snapshot was taken.
    struct SnapshotMarks {
        var functions: Int
        var classes: Int
        var handleText: Int
        var bufferedWriters: [LuaClassDefinition.BufferedWrite?]
    }

    /// Copies the whole state, so that `restoreSnapshot()` can put it back exactly: globals,
    /// the registry, metatables, loaded modules, the collector's and the string table's state,
    /// at the same addresses. For running many independent runs in one prepared state (explore)
    /// without building it again for each. Only between calls (not from a Swift function Lua
    /// called), once per state, and only before the block pool reached its cap.
    /// Returns the bytes copied, or nil when it cannot be taken.
    package func takeSnapshot() -> Int? {
        guard snapshotMarks == nil, currentThread == mainThread else { return nil }
        let size = scn_snapshot_take(mainThread)
        guard size > 0 else { return nil }
        snapshotMarks = SnapshotMarks(
            functions: functions.count, classes: classes.count, handleText: handleText.count, bufferedWriters: bufferedWriters
        )
        lifetime.advance()
        return size
    }

    /// Replaces the snapshot with a copy of the state as it is now: for work done once, after a
    /// restore, that every later run should start from. References and Swift functions made
    /// since the last restore are in the new copy, but references keep their epoch, so the
    /// ones Swift holds stop working as after a restore; make none that must outlive it.
    /// Returns the bytes copied, or nil when it was refused (as `takeSnapshot` refuses: inside
    /// a call, or once the pool reached its cap), changing nothing, or when the new copy could
    /// not be made: then the state has no snapshot, and restoring fails.
    package func retakeSnapshot() -> Int? {
        guard snapshotMarks != nil, currentThread == mainThread else { return nil }
        let size = scn_snapshot_retake(mainThread)
        guard size > 0 else {
            if scn_snapshot_held(mainThread) == 0 { snapshotMarks = nil }
            return nil
        }
        snapshotMarks = SnapshotMarks(
            functions: functions.count, classes: classes.count, handleText: handleText.count, bufferedWriters: bufferedWriters
        )
        lifetime.advance()
        return size
    }

    /// Puts back the state the snapshot copied. Everything Lua made since is gone: function
    /// references made since stop working (calling one throws; dropping one does nothing) and
    /// Swift functions registered since are forgotten. Returns false, changing nothing, when
    /// there is no snapshot, inside a call, or when the block pool reached its cap since (its
    /// blocks are no longer all tracked): the state must then be replaced by a new one.
    package func restoreSnapshot() -> Bool {
        guard let marks = snapshotMarks, currentThread == mainThread, scn_snapshot_restore(mainThread) != 0 else { return false }
        lifetime.advance()
        functions.removeSubrange(marks.functions...)
        classes.removeSubrange(marks.classes...)
        handleText.removeSubrange(marks.handleText...)
        bufferedWriters = marks.bufferedWriters
        return true
    }
}
