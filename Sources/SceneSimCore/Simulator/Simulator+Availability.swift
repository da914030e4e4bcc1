// Whether an app-level lifecycle call would be accepted now, asked without making it: an
// explorer (scenesim explore) chooses only calls a user could make at that moment, and some of
// what decides it (an overlay being up) is not observable from a script.
extension Simulator {
    /// The app-level calls whose acceptance depends on the process and its scenes.
    package enum AppCall: String, Sendable, CaseIterable {
        case launch, background, foreground, switcher, interrupt, resume
        case terminateSystem = "terminate_system"
        case terminateUser = "terminate_user"
        case terminateCrash = "terminate_crash"
    }

    /// True when `call` would not be refused with a misuse error now (the guards of the
    /// operations in Simulator+Lifecycle.swift, read without changing anything).
    package func accepts(_ call: AppCall) -> Bool {
        guard let process else { return call == .launch }
        let visible = process.visible.elements
        let phases = visible.map { sessions[$0].scene!.phase }
        switch call {
        case .launch:
            return false
        case .background, .switcher:
            return !visible.isEmpty
        case .foreground:
            return visible.isEmpty || phases.contains(.inactive)
        case .interrupt:
            return phases.contains(.active)
        case .resume:
            return process.overlay && phases.contains(.inactive)
        case .terminateSystem:
            return visible.isEmpty
        case .terminateUser, .terminateCrash:
            return true
        }
    }
}
