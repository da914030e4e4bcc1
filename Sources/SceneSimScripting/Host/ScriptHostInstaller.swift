/// An API a front end adds to the `sim` of every host made with its options
/// (`ScenarioOptions.installers`), such as `sim.gen` and `sim.explore` from SceneSimExplore,
/// which sits above this target: the host runs `install` once, when it is made (after `sim` and
/// the assertions are in place), and keeps what it returns for the API's own code to find
/// (`ScriptHost.installed(_:)`), kept as it is across runs (`resetRun()` does not touch it).
package struct ScriptHostInstaller: Sendable, Equatable {
    /// Names the API: two installers are the same when their names are.
    package let name: String
    package let install: @Sendable (ScriptHost) -> AnyObject

    package init(name: String, install: @escaping @Sendable (ScriptHost) -> AnyObject) {
        self.name = name
        self.install = install
    }

    package static func == (lhs: ScriptHostInstaller, rhs: ScriptHostInstaller) -> Bool { lhs.name == rhs.name }
}

extension ScenarioOptions {
    /// These options, with `installer` added unless one of its name is there already.
    package func installing(_ installer: ScriptHostInstaller) -> ScenarioOptions {
        guard !installers.contains(installer) else { return self }
        var options = self
        options.installers.append(installer)
        return options
    }
}
