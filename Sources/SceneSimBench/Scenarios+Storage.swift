import ByteText
import SceneSimBuiltin
import SceneSimCore

extension Scenarios {
    /// Filling a scene's storage with `windows` new keys under `storage_save = "every_write"`:
    /// each write is saved at once, so a save must cost what changed, not the whole storage
    /// (copying it made filling quadratic). Nanoseconds per write.
    func storageEveryWrite() throws -> Double {
        try fillStorage(.everyWrite)
    }

    /// The same writes saved only at background: what the writes cost without their saves, so
    /// the difference is the saves' cost.
    func storageSavedAtBackground() throws -> Double {
        try fillStorage(.background)
    }

    private func fillStorage(_ save: Policy.StorageSave) throws -> Double {
        var config = AppConfig(platform: .ipados, scenes: Self.scenes)
        config.policy.storageSave = save
        var sim = try Simulator(config: config)
        return try Measure.nanosPerOperation(
            repeats: 3, operations: windows,
            prepare: {
                sim = try Simulator(config: config)
                try sim.launch()
            }
        ) {
            let window = sim.windows[0]
            for key in 0..<windows { try sim.setStorage(window, key: ByteString("key\(key)"), value: .int(Int64(key))) }
        }
    }
}
