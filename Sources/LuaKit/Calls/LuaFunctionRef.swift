import CLua
import CLuaShim

/// A Lua function kept alive in the registry so Swift can call it later (`LuaState.call`).
///
/// Dropping the last reference releases the function. A reference outliving its state, or
/// made after the state's snapshot and kept past a restore, is harmless: calling it throws.
///
/// `@unchecked Sendable` so that `Sendable` values may hold one (a script model's calls in an
/// `AppModel`); like everything of a Lua state, it is called and released only on the thread
/// that runs its state.
package final class LuaFunctionRef: Hashable, @unchecked Sendable {
    let lifetime: LuaStateLifetime
    let reference: Int32
    /// The state's epoch when the reference was made (see `LuaStateLifetime.epoch`).
    let epoch: Int

    init(state: LuaState, reference: Int32) {
        self.lifetime = state.lifetime
        self.reference = reference
        self.epoch = lifetime.epoch
    }

    /// The state, while it is open and still holds the function.
    var state: LuaState? { lifetime.state(epoch: epoch) }

    deinit {
        state?.releaseReference(reference)
    }

    package static func == (lhs: LuaFunctionRef, rhs: LuaFunctionRef) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Whether a state is still open, shared with the references that outlive it.
///
/// A `weak` reference to the state would do the same, but it gives the state a side table, and
/// then every retain and release of the state takes the slow path: on a per-call hot path that
/// cost more than the call itself.
final class LuaStateLifetime {
    unowned(unsafe) private let target: LuaState
    private var open = true
    /// 0 until the state takes its snapshot, then one more at every restore: a reference made
    /// in epoch 0 is in the snapshot and lives on; one made since lives until the next restore.
    private(set) var epoch = 0

    init(_ state: LuaState) { target = state }

    func state(epoch: Int) -> LuaState? { open && (epoch == 0 || epoch == self.epoch) ? target : nil }

    func close() { open = false }

    /// A snapshot was taken or restored: references made since the last one are gone.
    func advance() { epoch += 1 }
}
