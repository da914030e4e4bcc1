import CLua
import CLuaShim

/// A Lua function kept alive in the registry so Swift can call it later (`LuaState.call`).
///
/// Dropping the last reference releases the function. A reference outliving its state is
/// harmless: calling it throws.
public final class LuaFunctionRef: Hashable {
    weak var state: LuaState?
    let reference: Int32

    init(state: LuaState, reference: Int32) {
        self.state = state
        self.reference = reference
    }

    deinit {
        state?.releaseReference(reference)
    }

    public static func == (lhs: LuaFunctionRef, rhs: LuaFunctionRef) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
