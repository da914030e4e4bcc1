/// How a `LuaState` is set up: libraries, limits, seed and module folder.
package struct LuaOptions: Sendable {
    /// Which standard libraries scripts get.
    package var libraries: LuaLibraries
    /// Instruction budget of each top-level call from Swift, nil for none (precise to 1000).
    package var maxInstructions: Int?
    /// Memory limit in bytes for everything the state allocates, nil for none.
    package var maxMemory: Int?
    /// The seed of `math.random` (as `math.randomseed(seed)`).
    package var randomSeed: Int64
    /// The folder `require "a.b"` reads `a/b.lua` from, as given (e.g. `scenarios/lib`);
    /// nil leaves only preloaded modules.
    package var moduleDirectory: String?

    /// Options; the defaults are the sandbox, no limits, seed 0 and no module folder.
    package init(
        libraries: LuaLibraries = .sandbox,
        maxInstructions: Int? = nil,
        maxMemory: Int? = nil,
        randomSeed: Int64 = 0,
        moduleDirectory: String? = nil
    ) {
        self.libraries = libraries
        self.maxInstructions = maxInstructions
        self.maxMemory = maxMemory
        self.randomSeed = randomSeed
        self.moduleDirectory = moduleDirectory
    }
}

/// The standard libraries a state opens.
package enum LuaLibraries: Sendable, Equatable {
    /// base (without `dofile`, `loadfile`; `load` accepts text only), coroutine, string, table,
    /// math, utf8, and a `require` that reads only the module folder. No io, os, debug, package.
    case sandbox
    /// Every standard library (io, os, debug, package too), for users who ask (`--allow-io`).
    /// `require` is package's, with the module folder first on `package.path`.
    case all
}
