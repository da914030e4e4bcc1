import LuaKit

/// The exploration engine of `scenesim explore` and `sim.gen` / `sim.explore`, written in Lua
/// (engine.lua, install.lua beside this file): it runs rules and invariants where they live, in
/// the scenario's Lua state, so a step costs no crossing into Swift beyond the API calls it
/// makes. The files are embedded in the code (SwiftPM's `.embedInCode`), so no resource bundle
/// and no Foundation is needed to find them.
package enum ExploreEngine {
    /// The engine compiled once per process: every run of an exploration starts a fresh Lua
    /// state, and parsing the engine there again was most of a short run's cost.
    package static let bytecode: [UInt8] = {
        let lua = LuaState()
        guard let engine = try? lua.load(source, chunkName: "=explore"), let bytes = lua.dump(engine) else {
            fatalError("scenesim: the explore engine does not compile")
        }
        return bytes
    }()

    /// engine.lua: called with `sim` and the host's natives, it returns the engine's table.
    package static var source: String { String(decoding: PackageResources.engine_lua, as: UTF8.self) }

    /// install.lua: installs `sim.gen` and `sim.explore`, which load the engine on first use.
    package static var installer: String { String(decoding: PackageResources.install_lua, as: UTF8.self) }
}
