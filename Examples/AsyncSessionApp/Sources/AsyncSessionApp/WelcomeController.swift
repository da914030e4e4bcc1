import Dependencies
import Observation

/// The app's welcome flow as a swift-dependencies team writes it: `@Observable @MainActor`, its
/// clocks read with `@Dependency` rather than injected, so the app runs on
/// `ContinuousClock`/`SuspendingClock` and a test hands it another clock with
/// `withDependencies { $0.continuousClock = … }`. It knows nothing of scenesim.
///
/// On start it shows a splash for two seconds of wall time (the continuous clock), then a tip
/// for five seconds the device is awake (the suspending clock), then the home screen.
@Observable
@MainActor
public final class WelcomeController {
    public enum Phase: String, Sendable {
        case splash, tip, home
    }

    public private(set) var phase: Phase = .splash {
        didSet { phaseChanged?(phase) }
    }

    /// Told of each phase change (the app's scene reacts to it).
    @ObservationIgnored public var phaseChanged: (@MainActor (Phase) -> Void)?

    @ObservationIgnored @Dependency(\.continuousClock) private var clock
    @ObservationIgnored @Dependency(\.suspendingClock) private var awakeClock

    public static let splashDuration: Duration = .seconds(2)
    public static let tipDuration: Duration = .seconds(5)

    public nonisolated init() {}

    /// The splash, then the tip, then home.
    public func start() async {
        do {
            try await clock.sleep(for: Self.splashDuration)
            phase = .tip
            try await awakeClock.sleep(for: Self.tipDuration)
            phase = .home
        } catch {
            return  // cancelled: the app is going away
        }
    }
}
