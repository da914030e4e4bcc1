import SceneSimCore

/// Counts the trace records of the host's simulator, by wrapping its trace callback, so the
/// session can tell whether an entry that failed had changed the simulation first.
struct EffectCounter {
    private final class Box { var count = 0 }
    private var box = Box()
    private weak var watched: Simulator?

    /// A mark to compare before and after an entry: the simulator and its record count.
    struct Mark: Equatable {
        var simulator: ObjectIdentifier?
        var records: Int
    }

    /// Starts counting `simulator`'s records if it is new; returns the current mark.
    mutating func mark(_ simulator: Simulator?) -> Mark {
        if let simulator, simulator !== watched {
            watched = simulator
            let box = self.box
            let forward = simulator.onTrace
            simulator.onTrace = { record in
                box.count += 1
                forward?(record)
            }
        }
        return Mark(simulator: simulator.map(ObjectIdentifier.init), records: box.count)
    }
}
