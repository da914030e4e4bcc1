import Observation

/// What the server says of a stored session token.
public enum SessionVerdict: Sendable, Equatable {
    case valid, expired, revoked, unknown, unreachable
}

/// The app's way to the auth server. The app's own is a URLSession client; a test hands the
/// controller one that answers on the simulator's clock.
public protocol SessionClient: Sendable {
    func validate(token: Int) async throws -> SessionVerdict
}

/// The app's session controller, as a Swift 6 app writes it: main-actor isolated and
/// observable, its start `async`, written against an injected `Clock` (the app hands it a
/// `ContinuousClock`) and an injected client. It knows nothing of scenesim.
///
/// On start it shows a splash for two seconds, then checks the stored session with the server.
/// A deep link `app://doc/<id>` opens a document window once the user is signed in: at once, or
/// when the session check succeeds.
@Observable
@MainActor
public final class SessionController {
    public enum Phase: String, Sendable {
        case splash, validating, signedIn, signedOut
    }

    public private(set) var phase: Phase = .splash {
        didSet { phaseChanged?(phase) }
    }
    /// A document link that came before the user was signed in.
    public private(set) var pendingDocument: String?

    /// Told of each phase change (the app's scene reacts to it).
    @ObservationIgnored public var phaseChanged: (@MainActor (Phase) -> Void)?
    /// Opens a document window: SwiftUI's `openWindow(id: "document", value: id)`.
    @ObservationIgnored public var openDocument: (@MainActor (String) -> Void)?

    private let clock: any Clock<Duration>
    private let client: any SessionClient

    public static let splashDuration: Duration = .seconds(2)

    public nonisolated init(clock: any Clock<Duration>, client: any SessionClient) {
        self.clock = clock
        self.client = client
    }

    /// The splash, then the session check of the stored token (nil: no session).
    public func start(storedToken: Int?) async {
        do {
            try await clock.sleep(for: Self.splashDuration)
        } catch {
            return  // cancelled: the app is going away
        }
        guard let token = storedToken else {
            phase = .signedOut
            return
        }
        phase = .validating
        let verdict: SessionVerdict
        do {
            verdict = try await client.validate(token: token)
        } catch {
            verdict = .unreachable
        }
        phase = verdict == .valid ? .signedIn : .signedOut
        if phase == .signedIn, let document = pendingDocument {
            pendingDocument = nil
            openDocument?(document)
        }
    }

    /// What a deep link does.
    public enum Route: Equatable, Sendable {
        case openDocument(String)
        /// Kept until the user is signed in.
        case deferred
        case notOurs
    }

    /// `.onOpenURL`: `app://doc/<id>` opens its document when signed in, else waits for it.
    public func route(_ url: String) -> Route {
        let prefix = "app://doc/"
        guard url.hasPrefix(prefix), url.count > prefix.count else { return .notOurs }
        let id = String(url.dropFirst(prefix.count))
        guard phase == .signedIn else {
            pendingDocument = id
            return .deferred
        }
        return .openDocument(id)
    }
}
