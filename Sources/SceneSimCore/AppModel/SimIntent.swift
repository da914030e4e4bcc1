import ByteText

/// A model's intents as a Swift enum (issue 42): `store.send(AuthIntent.signIn(user: "ada"))`
/// and `Simulator.perform(_:)` run the intent its case names with its associated values as the
/// arguments.
///
/// In a scenario script the same intent is `app:sign_in("ada")`.
///
/// An enum conforms with no code: ``name`` is its case's name in snake case (`signIn` is
/// `sign_in`), and ``arguments`` are its associated values in order (`Bool`, the integer types,
/// `Double`, `String`, `ByteString` and `SceneValue`). Write `name` when the model's intent is
/// called otherwise, and both when the enum is `CustomStringConvertible` (its cases without
/// values are read by their description).
///
/// ```swift
/// enum AuthIntent: SimIntent {
///     case signIn(user: String, remember: Bool)
///     case signOut
/// }
/// ```
public protocol SimIntent: Sendable {
    /// The intent's name, as the model declares it (`sign_in`).
    var name: String { get }
    /// The intent's arguments, in the order its parameters are declared; an error when a value
    /// cannot be one.
    var arguments: [SceneValue] { get throws(SimError) }
}

extension SimIntent {
    /// The intent's name: the case's Swift name, in snake case as models declare intents.
    ///
    /// `signIn` is `sign_in`.
    public var name: String {
        let spelled = EnumCase(self).label ?? String(describing: self)
        var name = ""
        for character in spelled {
            if character.isUppercase {
                if !name.isEmpty { name.append("_") }
                name += character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// The case's associated values, in order; an error for a value of another type than
    /// `Bool`, `Int`, `Int64`, `Int32`, `Double`, `String`, `ByteString` or `SceneValue`.
    public var arguments: [SceneValue] {
        get throws(SimError) {
            var arguments: [SceneValue] = []
            for value in EnumCase(self).values {
                guard let argument = SceneValue(intentArgument: value) else {
                    throw SimError(
                        .invalidValue,
                        "\(Self.self).\(name) carries a \(type(of: value)), which is no intent argument (Bool, Int, Double, String, ByteString or SceneValue); convert it, or write the intent's arguments"
                    )
                }
                arguments.append(argument)
            }
            return arguments
        }
    }
}

extension SceneValue {
    /// An intent's associated value as an argument.
    init?(intentArgument value: Any) {
        switch value {
        case let value as SceneValue: self = value
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .int(Int64(value))
        case let value as Int64: self = .int(value)
        case let value as Int32: self = .int(Int64(value))
        case let value as Double: self = .double(value)
        case let value as String: self = .string(ByteString(value))
        case let value as ByteString: self = .string(value)
        default: return nil
        }
    }
}

extension Simulator {
    /// Runs the model's intent `intent` names with its arguments, as `perform(intent:_:)` does.
    @discardableResult
    public func perform(_ intent: some SimIntent) throws(SimError) -> SceneValue? {
        try perform(intent: intent.name, try intent.arguments)
    }
}
