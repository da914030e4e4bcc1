import ByteText

/// The simulated authentication server: sessions with a lifetime on the virtual clock,
/// revocation, and whether the device can reach it at all.
struct AuthServer: Equatable {
    struct ServerSession: Equatable {
        var user: ByteString
        var expires: VirtualTime
        var revoked = false
    }

    private var sessions: [Int: ServerSession] = [:]
    private var nextToken = 1
    var reachable = true
    /// The bytes the sessions hold (sessions are never removed, only revoked), for the
    /// simulator's memory budget.
    private(set) var bytes = 0
    /// Estimated bytes of one session besides its user name.
    static let sessionCost = 64

    /// Creates a session for `user` that expires `ttl` after `now`; returns its token.
    mutating func createSession(user: ByteString, ttl: VirtualTime, now: VirtualTime) -> Int {
        let token = nextToken
        nextToken += 1
        sessions[token] = ServerSession(user: user, expires: now + ttl)
        bytes += user.count + Self.sessionCost
        return token
    }

    /// What the server says of session `token` at `now` (never `.unreachable`: that is the
    /// device's side).
    func verdict(token: Int, now: VirtualTime) -> ValidationResult {
        guard let session = sessions[token] else { return .unknown }
        if session.revoked { return .revoked }
        if now >= session.expires { return .expired }
        return .valid
    }

    /// Invalidates every session of `user`; returns how many were still live (not expired).
    mutating func revoke(user: ByteString, now: VirtualTime) -> Int {
        var count = 0
        for token in sessions.keys where sessions[token]!.user == user && !sessions[token]!.revoked {
            sessions[token]!.revoked = true
            if now < sessions[token]!.expires { count += 1 }
        }
        return count
    }

    /// The app logged out: the session ends on the server too. The server remembers whose it
    /// was, so a later validation of the token answers `revoked` for that user.
    mutating func end(token: Int) {
        sessions[token]?.revoked = true
    }

    /// The session behind `token`, if the server ever issued it.
    func session(token: Int) -> ServerSession? { sessions[token] }
}

/// The login session the app keeps in the keychain: persistent device data.
public struct StoredSession: Equatable, Sendable {
    /// The user the session is for.
    public var user: ByteString
    /// The session's token, as the server issued it.
    public var token: Int
    /// When the item may be read (`kSecAttrAccessible`): `.whenUnlocked` unless written otherwise.
    public var accessible: KeychainAccessibility = .whenUnlocked
}

/// A keychain item's accessibility class (`kSecAttrAccessible`, semantics 8.6): when the app's
/// code can read it.
public enum KeychainAccessibility: String, Sendable, CaseIterable {
    /// `kSecAttrAccessibleWhenUnlocked` (the default): only while the device is unlocked.
    case whenUnlocked = "when_unlocked"
    /// `kSecAttrAccessibleAfterFirstUnlock`: from the first unlock after a boot on, locked or not.
    case afterFirstUnlock = "after_first_unlock"
}
