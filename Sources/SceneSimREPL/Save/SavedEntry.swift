/// One entry of a session as `\save` writes it: its source and how it ran.
struct SavedEntry: Equatable {
    /// How the session compiled the entry.
    enum Form: Equatable {
        /// `return <source>` compiled: an expression (lua.c's first try).
        case expression
        /// The source compiled as statements.
        case statements
    }

    /// How the entry's run ended.
    enum Outcome: Equatable {
        /// It ran to its end and the session printed this many results.
        case finished(results: Int)
        /// It raised this error, after doing whatever it did before: the replay runs it too,
        /// under `pcall`, so Lua's state and the simulation are the same after it.
        case failed(message: String)
        /// Ctrl-C or a limit stopped it part way; no replay can stop at the same point, so
        /// it is kept as a comment only.
        case stopped(message: String)
    }

    var source: String
    var form: Form
    var outcome: Outcome = .finished(results: 0)
    /// A comment line to write above the entry (e.g. the file a `\load` read).
    var note: String?
}
