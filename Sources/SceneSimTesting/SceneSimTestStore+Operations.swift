import SceneSim

// One method per user or system action, named as in scenarios. Times are seconds; windows are
// labels. Each throws the simulator's error (a `SimError`, whose message says what to do) for a
// misuse, e.g. backgrounding an app that is not running.
extension SceneSimTestStore {
    // MARK: The clock and the device

    /// Runs everything due in the next `seconds` of virtual time.
    public func advance(_ seconds: Double) throws {
        try simulator.advance(by: VirtualTime(seconds: seconds))
    }

    /// Runs until nothing is scheduled.
    public func settle() throws { try simulator.settle() }

    public func network(reachable: Bool) throws { try simulator.setNetwork(reachable: reachable) }

    // MARK: The app's lifecycle

    public func launch() throws { try simulator.launch() }
    public func background() throws { try simulator.background() }
    public func foreground() throws { try simulator.foreground() }
    public func switcher() throws { try simulator.switcher() }
    public func interrupt() throws { try simulator.interrupt() }
    public func resume() throws { try simulator.resume() }
    public func terminate(_ how: Termination) throws { try simulator.terminate(how) }

    // MARK: Windows

    /// `openWindow(id:value:)`: the window's label, or nil when the platform ignored the request.
    @discardableResult
    public func openWindow(_ group: String, value: SceneValue? = nil) throws -> String? {
        try simulator.openWindow(group, value: value).window.map(simulator.label(of:))
    }

    /// `dismissWindow(id:value:)`: how many windows it closed.
    @discardableResult
    public func dismissWindow(_ group: String, value: SceneValue? = nil) throws -> Int {
        try simulator.dismissWindow(group, value: value)
    }

    public func focus(_ window: String) throws { try simulator.focus(self.window(window)) }
    public func backgroundWindow(_ window: String) throws { try simulator.backgroundWindow(self.window(window)) }
    public func disconnect(_ window: String) throws { try simulator.disconnect(self.window(window)) }
    public func close(_ window: String) throws { try simulator.close(self.window(window)) }

    /// Writes (or with nil removes) a `@SceneStorage` key of a connected window.
    public func setStorage(_ window: String, _ key: String, _ value: SceneValue?) throws {
        try simulator.setStorage(self.window(window), key: ByteString(key), value: value)
    }

    /// Opens a URL (`.onOpenURL`): whether anything handled it.
    @discardableResult
    public func openURL(_ url: String) throws -> Bool {
        try simulator.openURL(ByteString(url))
    }
}
