/// One entry of a session as `\save` writes it: its source and how it ran.
struct SavedEntry: Equatable {
    /// How the session compiled the entry.
    enum Form: Equatable {
        /// `return <source>` compiled: an expression (lua.c's first try).
        case expression
        /// The source compiled as statements.
        case statements
    }

    var source: String
    var form: Form
    /// How many results the session printed.
    var resultCount: Int
    /// The error's message when the entry failed after changing the simulation.
    var failure: String?
    /// A comment line to write above the entry (e.g. the file a `\load` read).
    var note: String?
}
