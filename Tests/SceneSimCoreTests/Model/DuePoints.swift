import SceneSimBuiltin
@testable import SceneSimCore
import SceneSimTestSupport
import SceneSimTesting

/// The timer and server-answer handler points a device reaches: where a driver runs the
/// functions the app gave `after` and `validate`.
final class DuePoints {
    private var seen: [HandlerPoint] = []

    init(_ device: SceneSimTestStore) {
        device.simulator.onHandlerPoint = { [unowned self] point in
            switch point {
            case .taskDue, .serverAnswered: seen.append(point)
            case .processStarted, .scenePhase, .appPhase, .appState: break
            }
        }
    }

    /// The points reached since the last take, in order; clears them.
    func take() -> [HandlerPoint] {
        defer { seen = [] }
        return seen
    }
}
