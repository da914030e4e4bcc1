import ByteText
import SceneSimCore

// One method per simulator operation, each run through `perform` so the invariant check
// follows it. Times are in seconds and windows are labels, as in scenarios.
extension TestDevice {
    // MARK: The clock and the device

    public func advance(_ seconds: Double) throws {
        try perform("advance(\(seconds))") { try $0.advance(by: VirtualTime(seconds: seconds)) }
    }

    public func settle() throws {
        try perform("settle()") { try $0.settle() }
    }

    public func network(_ reachable: Bool) throws {
        try perform("network(\(reachable))") { try $0.setNetwork(reachable: reachable) }
    }

    public func revoke(_ user: String) throws {
        try perform("revoke(\(user))") { try $0.revokeSessions(of: ByteString(user)) }
    }

    public func note(_ text: String) throws {
        try perform("note(\(text))") { $0.note(ByteString(text)) }
    }

    // MARK: The app's lifecycle

    public func launch() throws {
        try perform("launch()") { try $0.launch() }
    }

    public func background() throws {
        try perform("background()") { try $0.background() }
    }

    public func foreground() throws {
        try perform("foreground()") { try $0.foreground() }
    }

    public func switcher() throws {
        try perform("switcher()") { try $0.openAppSwitcher() }
    }

    public func interrupt() throws {
        try perform("interrupt()") { try $0.interrupt() }
    }

    public func resume() throws {
        try perform("resume()") { try $0.resume() }
    }

    public func terminate(_ how: Termination) throws {
        try perform("terminate(\(how.rawValue))") { try $0.terminate(how) }
    }

    // MARK: Windows

    /// Returns the window's label (nil when the platform ignored the request) and whether it is new.
    @discardableResult
    public func openWindow(_ group: String, _ value: SceneValue? = nil) throws -> (window: String?, created: Bool) {
        try perform("openWindow(\(group), \(value?.literal ?? "nil"))") { sim in
            let opening = try sim.openWindow(group, value: value)
            return (opening.window.map(sim.label(of:)), opening.isNew)
        }
    }

    @discardableResult
    public func dismissWindow(_ group: String, _ value: SceneValue? = nil) throws -> Int {
        try perform("dismissWindow(\(group), \(value?.literal ?? "nil"))") { try $0.dismissWindow(group, value: value) }
    }

    public func focus(_ label: String) throws {
        let id = try window(label)
        try perform("focus(\(label))") { try $0.focus(id) }
    }

    public func backgroundWindow(_ label: String) throws {
        let id = try window(label)
        try perform("backgroundWindow(\(label))") { try $0.backgroundWindow(id) }
    }

    public func disconnect(_ label: String) throws {
        let id = try window(label)
        try perform("disconnect(\(label))") { try $0.disconnect(id) }
    }

    public func close(_ label: String) throws {
        let id = try window(label)
        try perform("close(\(label))") { try $0.close(id) }
    }

    // MARK: SceneStorage

    public func setStorage(_ label: String, _ key: String, _ value: SceneValue?) throws {
        let id = try window(label)
        try perform("setStorage(\(label), \(key), \(value?.literal ?? "nil"))") {
            try $0.setStorage(id, key: ByteString(key), value: value)
        }
    }

    public func storage(_ label: String, _ key: String) throws -> SceneValue? {
        let id = try window(label)
        return try perform("storage(\(label), \(key))") { try $0.storageValue(id, key: ByteString(key)) }
    }

    // MARK: The AppStateController

    public func login(_ user: String, newUser: Bool = false) throws {
        try perform("login(\(user), newUser: \(newUser))") { try $0.login(user: ByteString(user), newUser: newUser) }
    }

    public func nextStep() throws {
        try perform("nextStep()") { try $0.nextStep() }
    }

    public func cancelOnboarding() throws {
        try perform("cancelOnboarding()") { try $0.cancelOnboarding() }
    }

    public func logout() throws {
        try perform("logout()") { try $0.logout() }
    }

    public func retry() throws {
        try perform("retry()") { try $0.retry() }
    }

    /// A raw transition request in canonical text.
    @discardableResult
    public func transition(_ text: String) throws -> AppStateMachine.Outcome {
        try perform("transition(\(text))") { try $0.transition(to: AppState(parsing: text)) }
    }

    @discardableResult
    public func openURL(_ url: String) throws -> Bool {
        try perform("openURL(\(url))") { try $0.openURL(ByteString(url)) }
    }
}
