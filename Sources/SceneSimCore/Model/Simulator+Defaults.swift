import ByteText

// app.defaults (semantics 8.1): UserDefaults / @AppStorage. One app-wide table of storable values,
// written through to the device at each write, so no termination of any kind loses a write.
extension Simulator {
    /// The stored defaults. Readable while the app is not running: they are data on the device.
    public var defaults: SimSceneStorage { services.defaults }

    /// Writes (or with nil removes) a default. Only a running app writes its defaults; every
    /// write is traced, as the app made it, even one that stores the value already there.
    public func setDefault(_ key: String, _ value: SceneValue?) throws(SimError) {
        try setDefault(ByteString(key), value)
    }

    /// `setDefault` with the key's exact bytes (a script's string).
    package func setDefault(_ key: ByteString, _ value: SceneValue?) throws(SimError) {
        try checkDefaultsKey(key)
        try change { () throws(SimError) in
            try requireRunning(.writeDefaults)
            try requireAwake(.writeDefaults)
            if case .double(let d)? = value, d.isNaN {
                throw SimError(
                    .invalidValue,
                    "\(script: "app.defaults key", swift: "default") \(key.quoted): NaN cannot be stored (it never equals itself); \(script: "store a number or nil", swift: "store a number, or remove the key")"
                )
            }
            if case .table? = value {
                throw SimError(
                    .invalidValue,
                    "\(script: "app.defaults key", swift: "default") \(key.quoted): cannot store a \(script: "table; app.defaults", swift: "SceneValue.table; UserDefaults") holds boolean, integer, float or string values (encode \(script: "tables", swift: "it") as \(script: "strings", swift: "a string"))"
                )
            }
            let old = services.defaults[key].map { key.count + $0.byteSize + Self.storageEntryCost } ?? 0
            let new = value.map { key.count + $0.byteSize + Self.storageEntryCost } ?? 0
            try requireMemory(new - old)
            services.defaults.set(key, value)
            services.defaultsBytes += new - old
            emit(.defaultChanged(key: key, value: value))
        }
    }
}
