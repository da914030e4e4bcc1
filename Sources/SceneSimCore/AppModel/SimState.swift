import ByteText
import Synchronization

/// A model's states as a Swift enum (issue 42): the type a typed model
/// (`AppModel(initial:transitions:)`) is declared with, and what `Simulator.state(as:)` reads.
///
/// Each case is one declared state; a case carries at most one argument, of a
/// ``SimStateArgument`` type (`String`, `ByteString`, `Int`, `Int64`, or a `String` enum that is
/// `CaseIterable`). `Name` lists the states without their arguments, in declaration order, and
/// ``declaration(of:)`` says what each one is: the enum case itself (`.plain(.loading)`), or
/// the case's constructor (`.argument(AuthState.signedIn(user:))`). That is all a conformance
/// writes: the state's name and argument are read from the value, and a value is rebuilt from a
/// ``ModelState`` with the declared constructor.
///
/// ```swift
/// enum AuthState: SimState {
///     case starting
///     case signedOut
///     case signedIn(user: String)
///
///     enum Name: String, CaseIterable, Sendable { case starting, signedOut, signedIn }
///
///     static func declaration(of name: Name) -> SimStateCase<AuthState> {
///         switch name {
///         case .starting: .plain(.starting, loading: true)
///         case .signedOut: .plain(.signedOut)
///         case .signedIn: .argument(AuthState.signedIn(user:))
///         }
///     }
/// }
/// ```
///
/// The state's name in scripts and the trace is `Name`'s raw value; a case of `Name` is found
/// for a value by the Swift name of the value's case (`Name`'s case spelled as the state's
/// case), so name them alike. An enum whose cases carry nothing can be its own `Name`
/// (`enum Door: String, CaseIterable, SimState { case open, closed }` needs no other code).
public protocol SimState: Hashable, Sendable {
    /// The states without their arguments, in declaration order: each raw value is the state's
    /// name as scripts and the trace write it.
    associatedtype Name: RawRepresentable<String> & CaseIterable & Hashable & Sendable
    /// What the state called `name` is: its case, or its case's constructor, and how messages
    /// speak of it.
    static func declaration(of name: Name) -> SimStateCase<Self>
}

/// What one declared state of a ``SimState`` is: the argument it carries, how messages speak of
/// it, and how a value of the state is made.
public struct SimStateCase<State: SimState>: Sendable {
    /// The argument's type, as the model declares it.
    public let argumentType: AppModel.ArgumentType
    /// How messages speak of the argument; nil: words that fit its type.
    public let wording: AppModel.Wording?
    /// Whether the state is a loading screen (see `AppModel.StateDeclaration.isLoading`).
    public let isLoading: Bool
    /// The state without an argument, when it is one.
    @usableFromInline let value: State?
    /// Makes the state from an argument; nil when the argument does not fit.
    @usableFromInline let make: @Sendable (ModelState.Argument?) -> State?

    /// A state without an argument: the enum's case itself (`.plain(.loading, loading: true)`).
    public static func plain(_ value: State, loading: Bool = false) -> Self {
        Self(argumentType: .none, wording: nil, isLoading: loading, value: value) { $0 == nil ? value : nil }
    }

    /// A state with an argument: the enum case's constructor (`.argument(AuthState.signedIn(user:))`);
    /// the argument's type decides the declared one (a `String` enum's cases are its words).
    public static func argument<Argument: SimStateArgument>(
        _ make: @escaping @Sendable (Argument) -> State, wording: AppModel.Wording? = nil, loading: Bool = false
    ) -> Self {
        Self(argumentType: Argument.argumentType, wording: wording, isLoading: loading, value: nil) { argument in
            argument.flatMap(Argument.init(stateArgument:)).map(make)
        }
    }
}

/// A type a ``SimState`` case may carry as its argument: text or an integer, kept exactly.
public protocol SimStateArgument: Sendable {
    /// The argument as the model state holds it.
    var stateArgument: ModelState.Argument { get }
    /// The value a model state's argument holds; nil when it is not one.
    init?(stateArgument: ModelState.Argument)
    /// The argument type the model declares for a state carrying this type.
    static var argumentType: AppModel.ArgumentType { get }
}

extension ByteString: SimStateArgument {
    /// `.text` with these bytes.
    public var stateArgument: ModelState.Argument { .text(self) }
    /// The bytes of a `.text` argument.
    public init?(stateArgument: ModelState.Argument) {
        guard case .text(let text) = stateArgument else { return nil }
        self = text
    }
    /// `.string`.
    public static var argumentType: AppModel.ArgumentType { .string }
}

extension String: SimStateArgument {
    /// `.text` with this string's UTF-8.
    public var stateArgument: ModelState.Argument { .text(ByteString(self)) }
    /// A `.text` argument that is valid UTF-8.
    public init?(stateArgument: ModelState.Argument) {
        guard case .text(let text) = stateArgument, let string = text.string else { return nil }
        self = string
    }
    /// `.string`.
    public static var argumentType: AppModel.ArgumentType { .string }
}

extension Int64: SimStateArgument {
    /// `.integer`.
    public var stateArgument: ModelState.Argument { .integer(self) }
    /// An `.integer` argument.
    public init?(stateArgument: ModelState.Argument) {
        guard case .integer(let number) = stateArgument else { return nil }
        self = number
    }
    /// `.integer`.
    public static var argumentType: AppModel.ArgumentType { .integer }
}

extension Int: SimStateArgument {
    /// `.integer`.
    public var stateArgument: ModelState.Argument { .integer(Int64(self)) }
    /// An `.integer` argument that fits an `Int`.
    public init?(stateArgument: ModelState.Argument) {
        guard case .integer(let number) = stateArgument, let value = Int(exactly: number) else { return nil }
        self = value
    }
    /// `.integer`.
    public static var argumentType: AppModel.ArgumentType { .integer }
}

extension SimStateArgument where Self: RawRepresentable<String> & CaseIterable {
    /// `.text` with the raw value.
    public var stateArgument: ModelState.Argument { .text(ByteString(rawValue)) }
    /// The case whose raw value a `.text` argument is.
    public init?(stateArgument: ModelState.Argument) {
        guard case .text(let text) = stateArgument, let value = text.string.flatMap(Self.init(rawValue:)) else { return nil }
        self = value
    }
    /// `.oneOf` the raw values, in case order.
    public static var argumentType: AppModel.ArgumentType { .oneOf(allCases.map(\.rawValue)) }
}

extension SimState {
    /// The state's name: the `Name` spelled as this value's case (see the protocol). A case
    /// `Name` does not list stops the program with a message saying so; `AppModel`'s typed
    /// declaration and `transition(to:)` check it and throw instead.
    @inlinable
    public var name: Name {
        // `read` checked that the name is one of Name's raw values.
        Name(rawValue: Self.unwrap(read()).name) ?? Self.unwrap(readName())
    }

    /// The case's associated value as a model state's argument (see ``SimStateArgument``); nil
    /// for a case without one. An associated value of another type stops the program as `name` does.
    @inlinable
    public var argument: ModelState.Argument? { Self.unwrap(read()).argument }

    /// This state as a model state, or what is wrong with the declaration. Reading a case with
    /// `Mirror` costs microseconds (50 times a transition), and a model moves through few
    /// distinct states, so what was read is kept (`SimStateCache`). Inlinable, so a client's
    /// concrete state type reads the cache without generic metadata lookups at run time (the
    /// built-in model's intents: bench-explore).
    @inlinable func read() -> Result<ModelState, SimError> {
        let key = SimStateCache.Key(self)
        if let known = SimStateCache.state(of: key) { return .success(known) }
        return readUncached(key)
    }

    /// `read` past the cache: the case read with `Mirror`, and kept.
    @usableFromInline func readUncached(_ key: SimStateCache.Key) -> Result<ModelState, SimError> {
        let result = readName().flatMap { name in readArgument().map { ModelState(name.rawValue, $0) } }
        if case .success(let state) = result, AppStateMachine.bytes(of: state) <= SimStateCache.maxStateBytes { SimStateCache.keep(state, for: key) }
        return result
    }

    /// The name, or what is wrong with the declaration.
    @usableFromInline func readName() -> Result<Name, SimError> {
        // A case with an argument is named by its mirror; one without is its description
        // (the case's name, unless the type describes itself otherwise).
        let spelled = EnumCase(self).label ?? String(describing: self)
        if let name = Name(rawValue: spelled) ?? Name.allCases.first(where: { String(describing: $0) == spelled }) { return .success(name) }
        // A case without an argument, of a type that describes itself: one of the plain declarations.
        if let plain = Name.allCases.first(where: { Self.declaration(of: $0).value == self }) { return .success(plain) }
        return .failure(
            SimError(
                .invalidConfig,
                "\(Self.self).\(spelled) has no case in \(Self.self).Name; give each state's case the same name in Name (its raw value is the state's name in scripts)"))
    }

    /// The argument, or what is wrong with the declaration.
    func readArgument() -> Result<ModelState.Argument?, SimError> {
        guard let payload = EnumCase(self).payload else { return .success(nil) }
        guard let value = payload as? any SimStateArgument else {
            return .failure(
                SimError(
                    .invalidConfig,
                    "\(Self.self).\(String(describing: self)) carries a \(type(of: payload)), which is not a SimStateArgument; a state carries one String, ByteString, Int, Int64 or CaseIterable String enum"
                ))
        }
        return .success(value.stateArgument)
    }

    /// The model state, or what is wrong with the declaration (for the calls that throw).
    @inlinable func checkedModelState() throws(SimError) -> ModelState {
        try read().get()
    }

    @usableFromInline static func unwrap<T>(_ result: Result<T, SimError>) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let error): preconditionFailure(error.message)
        }
    }

    /// Checks each declared state: its case (or the case its constructor makes from an example
    /// argument) reads back as its name and argument.
    static func checkDeclarations() throws(SimError) {
        for name in Name.allCases {
            let declared = declaration(of: name)
            let example: ModelState.Argument?
            switch declared.argumentType {
            case .none: example = nil
            case .string: example = .text("a")
            case .integer: example = .integer(1)
            case .oneOf(let words): example = words.first.map { .text(ByteString($0)) }
            }
            guard let value = declared.make(example) else {
                throw SimError(.invalidConfig, "\(Self.self).declaration(of: .\(name)) makes no state from an argument of its own type")
            }
            let state = try value.checkedModelState()
            guard state.name == name.rawValue, state.argument == example else {
                throw SimError(
                    .invalidConfig,
                    "\(Self.self).declaration(of: .\(name)) declares \(String(describing: value)), which is state \(state.text); declare each Name with its own case")
            }
        }
    }

    /// This state as the model's `ModelState` (its name's raw value and its argument).
    @inlinable
    public var modelState: ModelState { Self.unwrap(read()) }

    /// `modelState`'s canonical text (`signedIn(ada)`), as the trace writes it.
    @inlinable
    public var text: String { modelState.text }

    /// The state `state` names, made with its declared case; nil when it is no state of this
    /// type (another name, or an argument that does not fit).
    @inlinable
    public init?(_ state: ModelState) {
        guard let name = Name(rawValue: state.name), let value = Self.declaration(of: name).make(state.argument) else { return nil }
        self = value
    }

    /// The declared states, in `Name`'s order, as `AppModel` declares them.
    public static var stateDeclarations: [AppModel.StateDeclaration] {
        Name.allCases.map { name in
            let state = declaration(of: name)
            return AppModel.StateDeclaration(name.rawValue, state.argumentType, wording: state.wording, loading: state.isLoading)
        }
    }
}

extension SimState where Name == Self {
    /// Each state is its case: an enum whose cases carry nothing is its own `Name`.
    public static func declaration(of name: Self) -> SimStateCase<Self> { .plain(name) }
}

/// The model states of `SimState` values read so far, by value (any type: a value's
/// `AnyHashable` is equal only to its own type's). At most `limit` are kept, each of at most
/// `maxStateBytes` (a script's user name may be megabytes: such a state is read each time, so
/// the cache stays under 3 MB, outside the memory budget): the cache starts over when full.
@usableFromInline enum SimStateCache {
    static let limit = 4096
    static let maxStateBytes = 256
    private static let states = Mutex<[Key: ModelState]>([:])

    /// A `SimState` value as a key. `@unchecked`: `AnyHashable` is not `Sendable`, but what it
    /// wraps here is always a `SimState`, which is.
    @usableFromInline struct Key: Hashable, @unchecked Sendable {
        @usableFromInline let value: AnyHashable
        @inlinable init(_ state: some SimState) { value = AnyHashable(state) }
    }

    @usableFromInline static func state(of value: Key) -> ModelState? {
        states.withLock { $0[value] }
    }

    static func keep(_ state: ModelState, for value: Key) {
        states.withLock { states in
            if states.count >= limit { states.removeAll(keepingCapacity: true) }
            states[value] = state
        }
    }
}

/// An enum value's case, read with `Mirror`: its Swift name (nil for a case without an
/// associated value, which a mirror does not name) and its associated value (one value, or a
/// one-element labeled tuple's element).
struct EnumCase {
    var label: String?
    var payload: Any?
    /// Every associated value, in order (a labeled tuple's elements).
    var values: [Any]

    init(_ value: Any) {
        guard let child = Mirror(reflecting: value).children.first else {
            label = nil
            payload = nil
            values = []
            return
        }
        label = child.label
        let inner = Mirror(reflecting: child.value)
        if inner.displayStyle == .tuple {
            values = inner.children.map(\.value)
            payload = values.count == 1 ? values[0] : child.value
        } else {
            values = [child.value]
            payload = child.value
        }
    }
}
