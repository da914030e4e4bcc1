import ByteText
/// The REPL's own commands: a line starting with `\` (never valid Lua, so no code is shadowed).
enum MetaCommand: String, CaseIterable {
    case help, trace, state, save, load, reset, quit

    /// The usage line and what the command does, as `\help` lists them.
    var usage: (syntax: String, summary: String) {
        switch self {
        case .help: ("\\help", "this list")
        case .trace: ("\\trace on|off", "show or hide the trace each entry causes (no argument: say which)")
        case .state: ("\\state", "the app, its windows, phases and storage at a glance")
        case .save: ("\\save FILE", "write the entries so far as a scenario that scenesim run replays (\\save! FILE replaces a file this session did not write)")
        case .load: ("\\load FILE", "run a scenario file here, as if its text were typed")
        case .reset: ("\\reset", "start over: a fresh Lua state and simulator (\\save starts here too)")
        case .quit: ("\\quit", "leave (so does Ctrl-D)")
        }
    }

    /// The `\help` text.
    static var helpText: String {
        let width = allCases.map(\.usage.syntax.count).max() ?? 0
        let lines = allCases.map { command in
            let usage = command.usage
            return "  " + usage.syntax + String(repeating: " ", count: width + 2 - usage.syntax.count) + usage.summary
        }
        return
            (["Commands (everything else is Lua; an expression prints its value):"] + lines + [
                "Tab completes globals and the fields and methods of sim, the app and windows.",
                "Ctrl-C stops a running entry or clears the line; Ctrl-D quits.",
            ]).joined(separator: "\n") + "\n"
    }

    /// Splits `\name argument` into the command name and the trimmed rest.
    static func split(_ line: String) -> (name: String, argument: String) {
        let body = line.drop { $0 == " " || $0 == "\t" }.dropFirst()
        let name = body.prefix { $0 != " " && $0 != "\t" }
        let argument = body.dropFirst(name.count).trimmingSpaces
        return (String(name), argument)
    }

    /// The closest command to a mistyped name, if any is close: within a third of the
    /// command's length, or a prefix of it.
    static func suggestion(for name: String) -> MetaCommand? {
        let near = EditDistance.closest(to: name, among: allCases.map(\.rawValue), bound: { max(1, $0.count / 3) })
        return near.flatMap(MetaCommand.init(rawValue:))
            ?? allCases.first { !name.isEmpty && $0.rawValue.hasPrefix(name) }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
