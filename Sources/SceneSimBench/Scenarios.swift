import ByteText
import SceneSimBuiltin
import SceneSimCore

/// The measured operations, each on a device already holding `windows` scene sessions.
/// Windows present integer values so "distinct" and "equal" are cheap to produce.
struct Scenarios {
    let windows: Int
    /// Operations per timed batch and batches per figure.
    let batch = 1000
    let repeats = 5

    static let scenes = [SceneDeclaration(id: "main"), SceneDeclaration(id: "item", valueType: .integer)]

    /// ipados with multiple scenes (visible_limit 2), no trace sink, `windows` item windows open.
    func device(visibleLimit: Int? = 2) throws -> Simulator {
        let sim = try Simulator(config: AppConfig(platform: .ipados, scenes: Self.scenes, multipleScenes: true, visibleLimit: .some(visibleLimit)))
        try sim.launch()
        try sim.settle()
        for value in 0..<windows { try sim.openWindow("item", value: .int(Int64(value))) }
        return sim
    }

    /// open_window with a value no window presents: a new session each time. The batch's
    /// windows are closed again (untimed) so every batch starts at `windows` connected scenes.
    func openDistinct() throws -> Double {
        let sim = try device()
        var next = Int64(windows)
        var opened: [SessionID] = []
        return try Measure.nanosPerOperation(
            repeats: repeats, operations: batch,
            prepare: {
                for id in opened { try sim.close(id) }
                opened.removeAll(keepingCapacity: true)
            }
        ) {
            for _ in 0..<batch {
                opened.append(try sim.openWindow("item", value: .int(next)).window!)
                next += 1
            }
        }
    }

    /// open_window with a value an existing window presents, spread over all of them: each
    /// fronts a (mostly background) window and sends another to background.
    func reopenDedup() throws -> Double {
        let sim = try device()
        let stride = max(1, windows / batch)
        return try Measure.nanosPerOperation(repeats: repeats, operations: batch) {
            for i in 0..<batch {
                try sim.openWindow("item", value: .int(Int64((i * stride) % windows)))
            }
        }
    }

    /// app:background() then app:foreground(): one pair per operation.
    func backgroundForeground() throws -> Double {
        let sim = try device()
        return try Measure.nanosPerOperation(repeats: repeats, operations: batch) {
            for _ in 0..<batch {
                try sim.background()
                try sim.foreground()
            }
        }
    }

    /// app:background(), terminate("system"), launch() with 1,000 scenes on screen holding 10
    /// storage keys each; returns (whole cycle, launch alone) in nanoseconds per relaunch.
    func relaunch(onScreen: Int = 1000, keys: Int = 10) throws -> (cycle: Double, launch: Double) {
        let sim = try device(visibleLimit: onScreen)
        for id in sim.windows.prefix(onScreen) {
            for key in 0..<keys { try sim.setStorage(id, key: ByteString("key\(key)"), value: .int(Int64(key))) }
        }
        let clock = Measure.clock
        var bestCycle = Double.infinity, bestLaunch = Double.infinity
        for _ in 0..<repeats {
            let start = clock.now
            try sim.background()
            try sim.terminate(.system)
            let launchStart = clock.now
            try sim.launch()
            let end = clock.now
            bestCycle = min(bestCycle, Measure.nanoseconds(end - start))
            bestLaunch = min(bestLaunch, Measure.nanoseconds(end - launchStart))
            precondition(sim.windows.count == onScreen, "expected \(onScreen) restored scenes, got \(sim.windows.count)")
        }
        return (bestCycle, bestLaunch)
    }
}
