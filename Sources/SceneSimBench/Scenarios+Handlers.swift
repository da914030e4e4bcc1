import SceneSimCore

/// Counts the calls of a Swift model's handlers.
@MainActor
final class HandlerCalls {
    var count = 0
}

extension Scenarios {
    /// app:background() then app:foreground() on a Swift model whose App and scene have
    /// synchronous `onPhase` handlers (each counts its calls), on an iPad with `windows` item
    /// windows, two of them on screen: (with the handlers, the same model without them) in
    /// ns/pair, and the handler calls per pair. A handler's call is the cost the first minus the
    /// second shows: its hop and, since issue 42's async handlers, its start as a task.
    @MainActor
    func swiftHandlers() throws -> (with: Double, without: Double, callsPerPair: Double) {
        let calls = HandlerCalls()
        func device(handlers: Bool) throws -> Simulator {
            var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
            let sceneCode = handlers ? AppModel.SceneCode(onPhase: { _, _, _, _ in calls.count += 1 }) : AppModel.SceneCode()
            for scene in Self.scenes { try model.addScene(scene, sceneCode) }
            if handlers { model.onPhase = { _, _, _ in calls.count += 1 } }
            let sim = try Simulator(
                config: AppConfig(platform: .ipados, scenes: [], multipleScenes: true, visibleLimit: .some(2)), model: model)
            try sim.launch()
            try sim.settle()
            for value in 0..<windows { try sim.openWindow("item", value: .int(Int64(value))) }
            return sim
        }
        func pairs(_ sim: Simulator) throws -> Double {
            try Measure.nanosPerOperation(repeats: repeats, operations: batch) {
                for _ in 0..<batch {
                    try sim.background()
                    try sim.foreground()
                }
            }
        }
        let with = try device(handlers: true)
        let before = calls.count
        let withHandlers = try pairs(with)
        let callsPerPair = Double(calls.count - before) / Double(batch * repeats)
        let without = try pairs(try device(handlers: false))
        return (withHandlers, without, callsPerPair)
    }
}
