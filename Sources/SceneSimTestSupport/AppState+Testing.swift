import SceneSimBuiltin
import SceneSimCore

// Tests of the built-in model speak its typed states: `.loading`, `.authenticated(user: "ada")`.
extension AppStateMachine.Transition {
    /// A transition of the built-in model.
    package init(from: Builtin.AppState, to: Builtin.AppState, at: VirtualTime, reason: String?) {
        self.init(from: from.modelState, to: to.modelState, at: at, reason: reason)
    }
}

/// Whether a model state is this state of the built-in model.
package func == (lhs: ModelState, rhs: Builtin.AppState) -> Bool {
    lhs == rhs.modelState
}
