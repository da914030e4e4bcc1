import ByteText

// app.keychain (semantics 8.2, 8.6): the stored login token, the same keychain item the built-in
// model's login, logout and launch validation use. While the device is locked (and always before
// its first unlock since boot) a `when_unlocked` item reads as missing; an `after_first_unlock`
// item reads from the first unlock on.
extension Simulator {
    /// The stored session as the app's code reads it: nil when none, or when its accessibility
    /// class makes it unreadable now (the device locked, or not unlocked since boot).
    public var keychain: StoredSession? {
        guard let item = keychainItem, isReadable(item.accessible) else { return nil }
        return item
    }

    /// The token in the keychain as the app reads it (see `keychain`), nil when none.
    /// Readable while the app is not running.
    public var keychainToken: Int? { keychain?.token }

    /// Whether an item of class `accessible` can be read and written now.
    public func isReadable(_ accessible: KeychainAccessibility) -> Bool {
        switch accessible {
        case .whenUnlocked: !isDeviceLocked
        case .afterFirstUnlock: unlockedSinceBoot
        }
    }

    /// Whether protected data (`.whenUnlocked` items, files with complete protection) is available: the
    /// device is unlocked (`UIApplication.isProtectedDataAvailable`).
    public var protectedDataAvailable: Bool { !isDeviceLocked }

    /// Stores `token` (a session the server issued) in the keychain, or with nil clears it.
    /// Traced as the built-in model's login and logout trace the same item.
    public func setKeychain(token: Int?) throws(SimError) {
        try setKeychain(token, accessible: .whenUnlocked)
    }

    /// Stores `token` in the keychain with the accessibility class `accessible`, or with nil
    /// clears it. Writing an item the device's lock keeps unreadable is an error, as
    /// `SecItemAdd` fails with `errSecInteractionNotAllowed`.
    public func setKeychain(_ token: Int?, accessible: KeychainAccessibility) throws(SimError) {
        try change { () throws(SimError) in
            try requireRunning(.writeKeychain)
            try requireAwake(.writeKeychain)
            let current = keychainItem.map(\.accessible)
            for access in [current, token == nil ? nil : accessible].compactMap({ $0 }) where !isReadable(access) {
                throw SimError(
                    .forbidden,
                    "\(script: "writing app.keychain", swift: "setKeychain(_:accessible:)"): the device is \(lockText), so a keychain item of class \(script: access.rawValue, swift: ".\(access)") cannot be \(access == current ? "changed" : "written"); call \(.unlockDevice) first, or store it with \(script: "accessible = \"after_first_unlock\"", swift: "accessible: .afterFirstUnlock") once the device has been unlocked"
                )
            }
            guard let token else {
                clearKeychain(reason: "app.keychain = nil")
                return
            }
            guard let session = server.session(token: token) else {
                throw SimError(
                    .invalidValue,
                    "\(script: "app.keychain = \(token)", swift: "setKeychain(token: \(token))"): the server never issued token \(token); store a token from \(.createSession, scriptArguments: "(user)")"
                )
            }
            keychainItem = StoredSession(user: session.user, token: token, accessible: accessible)
            emit(.sessionStored(user: session.user, expires: session.expires, accessible: accessible))
        }
    }

    /// The device's lock as a message says it.
    var lockText: String { unlockedSinceBoot ? "locked" : "locked and has not been unlocked since it booted" }
}

extension Simulator {
    /// A login: the server issues a session for `user` (lasting `AppConfig.sessionTTL`) and the app
    /// stores it in the keychain, traced (the built-in model's `login`). The item is of class
    /// `.whenUnlocked`, the keychain's default.
    public func storeSession(user: ByteString) throws(SimError) {
        try change { () throws(SimError) in
            let token = server.createSession(user: user, ttl: config.sessionTTL, now: now)
            keychainItem = StoredSession(user: user, token: token)
            emit(.sessionStored(user: user, expires: now + config.sessionTTL, accessible: .whenUnlocked))
        }
    }
}
