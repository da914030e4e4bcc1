import ByteText

// app.keychain (semantics 8.2): the stored login token, the same keychain item the built-in
// model's login, logout and launch validation use.
extension Simulator {
    /// The token in the keychain, nil when none. Readable while the app is not running.
    public var keychainToken: Int? { keychain?.token }

    /// Stores `token` (a session the server issued) in the keychain, or with nil clears it.
    /// Traced as the built-in model's login and logout trace the same item.
    public func setKeychain(token: Int?) throws(SimError) {
        try change { () throws(SimError) in
            try requireRunning(.writeKeychain)
            try requireAwake(.writeKeychain)
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
            keychain = StoredSession(user: session.user, token: token)
            emit(.sessionStored(user: session.user, expires: session.expires))
        }
    }
}

extension Simulator {
    /// A login: the server issues a session for `user` (lasting `session_ttl`) and the app
    /// stores it in the keychain, traced (the built-in model's `login`).
    public func storeSession(user: ByteString) throws(SimError) {
        try change { () throws(SimError) in
            let token = server.createSession(user: user, ttl: config.sessionTTL, now: now)
            keychain = StoredSession(user: user, token: token)
            emit(.sessionStored(user: user, expires: now + config.sessionTTL))
        }
    }
}
