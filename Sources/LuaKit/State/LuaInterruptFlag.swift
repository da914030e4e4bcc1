import CLuaShim

/// A flag that stops the Lua code of one state at its next hook step, raising "interrupted".
///
/// Raising it is thread-safe and async-signal-safe; it resets when the next top-level call
/// starts. For a signal handler, which cannot reach a state, use `LuaState.interruptAll()`.
package final class LuaInterruptFlag: @unchecked Sendable {
    // @unchecked: the pointee is a C atomic, only touched through the shim's atomic accessors.
    let pointer: UnsafeMutableRawPointer

    init() {
        guard let pointer = scn_interrupt_flag_create() else {
            fatalError("LuaKit: out of memory allocating an interrupt flag")
        }
        self.pointer = pointer
    }

    deinit {
        scn_interrupt_flag_destroy(pointer)
    }

    /// Stops the state's running code at its next hook step.
    package func raise() {
        scn_interrupt_flag_raise(pointer)
    }

    /// Stops the state's running code as `raise()` does, its error reading "output limit
    /// exceeded (N bytes)" (N the memory limit): its output passed what may be held.
    package func raiseOutputLimit() {
        scn_interrupt_flag_raise_output(pointer)
    }

    /// Whether `raiseOutputLimit()` raised it (until the next top-level call resets it).
    var isOutputLimit: Bool { scn_interrupt_flag_value(pointer) == SCN_INTERRUPT_OUTPUT }
}
