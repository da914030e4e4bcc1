import CLua
import CLuaShim

/// A Lua function kept alive in the registry so Swift can call it later (`LuaState.call`).
///
/// Dropping the last reference releases the function. A reference outliving its state is
/// harmless: calling it throws.
public final class LuaFunctionRef: Hashable {
    let lifetime: LuaStateLifetime
    let reference: Int32

    init(state: LuaState, reference: Int32) {
        self.lifetime = state.lifetime
        self.reference = reference
    }

    /// The state, while it is open.
    var state: LuaState? { lifetime.state }

    deinit {
        state?.releaseReference(reference)
    }

    public static func == (lhs: LuaFunctionRef, rhs: LuaFunctionRef) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Whether a state is still open, shared with the references that outlive it.
///
/// A `weak` reference to the state would do the same, but it gives the state a side table, and
/// then every retain and release of the state takes the slow path: on a per-call hot path that
/// cost more than the call itself.
final class LuaStateLifetime {
    unowned(unsafe) private let target: LuaState
    private var open = true

    init(_ state: LuaState) { target = state }

    var state: LuaState? { open ? target : nil }

    func close() { open = false }
}
