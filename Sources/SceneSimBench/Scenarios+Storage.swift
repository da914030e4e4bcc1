import ByteText
import SceneSimCore

extension Scenarios {
    /// Filling a scene's storage with `windows` new keys under `storage_save = "every_write"`:
    /// each write is saved at once, so a save must cost what changed, not the whole storage
    /// (copying it made filling quadratic). Nanoseconds per write.
    func storageEveryWrite() throws -> Double {
        var config = AppConfig(platform: .ipados, scenes: Self.scenes)
        config.policy.storageSave = .everyWrite
        var sim = try Simulator(config: config)
        return try Measure.nanosPerOperation(repeats: 3, operations: windows, prepare: {
            sim = try Simulator(config: config)
            try sim.launch()
        }) {
            let window = sim.windows[0]
            for key in 0..<windows { try sim.setStorage(window, key: ByteString("key\(key)"), value: .int(Int64(key))) }
        }
    }
}
