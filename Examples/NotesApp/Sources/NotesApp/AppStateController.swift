import Observation

/// The notes app's shared state, as its SwiftUI views observe it: locked behind a PIN until the
/// user unlocks it, locked again whenever the app leaves the screen. A deep link to a note
/// that arrives while locked waits until the app is unlocked.
///
/// Plain Swift with Observation (which builds on Linux), on the main actor as the SwiftUI views
/// that observe it are: nothing here knows about scenesim.
@MainActor
@Observable
public final class AppStateController {
    public enum Phase: String, Sendable {
        /// The App's init is reading the PIN from the keychain.
        case loading
        case locked
        case unlocked
    }

    public private(set) var phase: Phase = .loading
    /// Wrong PINs in a row; the third locks the keypad out until the next launch.
    public private(set) var failedAttempts = 0
    /// A note a deep link asked for while locked, shown once unlocked.
    public private(set) var pendingNote: String?

    public static let maxAttempts = 3
    private let pin: String

    public nonisolated init(pin: String) {
        self.pin = pin
    }

    /// The App's init is done: the lock screen shows.
    public func finishLoading() {
        guard phase == .loading else { return }
        phase = .locked
    }

    /// Whether `code` unlocked the app. After `maxAttempts` wrong codes nothing unlocks it.
    @discardableResult
    public func unlock(code: String) -> Bool {
        guard phase == .locked, failedAttempts < Self.maxAttempts else { return false }
        guard code == pin else {
            failedAttempts += 1
            return false
        }
        failedAttempts = 0
        phase = .unlocked
        return true
    }

    public var isLockedOut: Bool { failedAttempts >= Self.maxAttempts }

    /// The app left the screen: what it shows must not be seen in the app switcher.
    public func lock() {
        guard phase == .unlocked else { return }
        phase = .locked
    }

    /// Where a URL leads: `app://note/<id>` is a note.
    public enum Route: Equatable, Sendable {
        /// Show note `id` in its window now.
        case openNote(String)
        /// Locked: the note waits for the unlock.
        case deferred(String)
        case notOurs
    }

    public func route(_ url: String) -> Route {
        let prefix = "app://note/"
        guard url.hasPrefix(prefix), url.count > prefix.count else { return .notOurs }
        let id = String(url.dropFirst(prefix.count))
        guard phase == .unlocked else {
            pendingNote = id
            return .deferred(id)
        }
        return .openNote(id)
    }

    /// The note waiting for the unlock, once: it is shown, so it no longer waits.
    public func takePendingNote() -> String? {
        defer { pendingNote = nil }
        return phase == .unlocked ? pendingNote : nil
    }
}
