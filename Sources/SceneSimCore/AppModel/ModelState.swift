import ByteText

/// A state of the app's model (semantics 10): a declared name and, when its declaration asks for one,
/// an argument — `locked`, `signedIn(ada)`, `failed(offline)`. The argument is bytes or an integer,
/// kept exactly; the transition table looks only at the name.
public struct ModelState: Hashable, Sendable {
    /// The declared state's name (`signedIn` in `signedIn(ada)`).
    public var name: String
    /// The state's argument (`ada` in `signedIn(ada)`); nil when it has none.
    public var argument: Argument?

    /// The argument a state carries: text as exact bytes, or an integer.
    public enum Argument: Hashable, Sendable {
        case text(ByteString)
        case integer(Int64)
    }

    /// The state called `name`, with `argument` when its declaration takes one.
    public init(_ name: String, _ argument: Argument? = nil) {
        self.name = name
        self.argument = argument
    }

    /// The canonical name with the argument's exact bytes (what `app.state` gives a script).
    public var bytes: ByteString {
        switch argument {
        case nil: ByteString(name)
        case .text(let text)?: ByteString(name + "(") + text + ")"
        case .integer(let n)?: ByteString("\(name)(\(n))")
        }
    }

    /// `bytes` as text for the trace and messages: the argument escaped.
    public var text: String {
        switch argument {
        case nil: name
        case .text(let text)?: "\(name)(\(text.escaped))"
        case .integer(let n)?: "\(name)(\(n))"
        }
    }

    /// The argument's bytes when it is text.
    public var textArgument: ByteString? {
        if case .text(let text)? = argument { return text }
        return nil
    }
}
