/// A failure of Lua code run from Swift, ready to show a user.
///
/// `message` reads like Lua's own (`scenario.lua:12: unknown scene id 'mian'`); `traceback` lists
/// the script's frames only (no `[C]` frames), innermost first, each as
/// `scenario.lua:12: in function 'open'`.
package struct LuaError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable, Equatable {
        /// The source does not parse: `file:line: <what> near '<token>'`.
        case syntax
        /// An error raised while running (by `error`, by Lua, or by a Swift function).
        case runtime
        /// The memory limit was reached: "memory limit exceeded (... bytes)".
        case memory
        /// The instruction budget ran out: `file:line: instruction limit exceeded (...)`.
        case instructionLimit
        /// `interrupt()` or `LuaState.interruptAll()` stopped the code: `file:line: interrupted`.
        case interrupted
        /// A file cannot be used: "cannot open x.lua: No such file or directory", or it is a
        /// precompiled binary chunk.
        case file
    }

    /// What went wrong.
    package var kind: Kind
    /// The message, starting with `file:line: ` when Lua knows where.
    package var message: String
    /// The script's frames, innermost first, without `[C]` and internal frames.
    package var traceback: [String]
    /// Lua's complete traceback (`stack traceback:` and every frame), or "" when there is none.
    package var fullTraceback: String
    /// The value the script raised, when it was not a string (`error({ code = 1 })`): raising
    /// this error again from Swift (`LuaReturn.raise`) raises that value, as Lua would.
    var object: LuaErrorObject?

    /// An error of `kind` with `message` and no traceback.
    package init(_ kind: Kind, _ message: String, traceback: [String] = [], fullTraceback: String = "") {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.fullTraceback = fullTraceback
    }

    /// True for a syntax error at the end of the input: the REPL should read another line.
    package var isIncompleteInput: Bool {
        kind == .syntax && message.hasSuffix("<eof>")
    }

    /// `stack traceback:` and the script frames, one per tab-indented line; "" without frames.
    package var formattedTraceback: String {
        guard !traceback.isEmpty else { return "" }
        return (["stack traceback:"] + traceback.map { "\t" + $0 }).joined(separator: "\n")
    }

    /// The message, then the script traceback when there is one.
    package var description: String {
        traceback.isEmpty ? message : message + "\n" + formattedTraceback
    }

    /// The script frames of a Lua traceback: drops `[C]` frames and tail-call markers.
    static func scriptFrames(of traceback: String) -> [String] {
        traceback.split(separator: "\n").dropFirst().compactMap { line in
            let frame = line.drop { $0 == "\t" || $0 == " " }
            if frame.hasPrefix("[C]:") || frame.hasPrefix("(...tail calls...)") { return nil }
            return String(frame)
        }
    }
}

extension LuaError {
    /// Whether `message`, an error a protected call caught, is Lua's memory limit: the
    /// allocator's own ("not enough memory", no location) or the one the count hook raises at
    /// the script's line ("grow.lua:3: memory limit exceeded (4194304 bytes)").
    package static func isMemoryLimitMessage(_ message: String) -> Bool {
        if message == "not enough memory" { return true }
        let marker = "memory limit exceeded ("
        let suffix = " bytes)"
        guard message.hasSuffix(suffix) else { return false }
        // `file:line: ` (or nothing), the marker, digits, the suffix.
        var rest = Substring(message.dropLast(suffix.count))
        var prefix = Substring("")
        while !rest.hasPrefix(marker) {
            guard let first = rest.first else { return false }
            prefix.append(first)
            rest = rest.dropFirst()
        }
        let digits = rest.dropFirst(marker.count)
        return (prefix.isEmpty || prefix.hasSuffix(": ")) && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// A registry reference to an error value that is not a string, released with its last holder.
final class LuaErrorObject: Equatable, @unchecked Sendable {
    // Unchecked: like every LuaKit reference, it is used on its state's thread only.
    let reference: LuaFunctionRef

    init(_ reference: LuaFunctionRef) { self.reference = reference }

    static func == (lhs: LuaErrorObject, rhs: LuaErrorObject) -> Bool { lhs === rhs }
}
