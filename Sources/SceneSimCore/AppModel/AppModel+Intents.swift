import ByteText

// Intents (issue 13, issue 40): the model's `app:<name>(...)`, each an `AppModel.Intent` that
// `Simulator.perform(intent:)` runs for a `SimInput.intent`, whoever sends it. A Swift intent is
// declared here with the types of its parameters, so a script's wrong call is refused before
// the app's code sees it, with the same message from Lua and from Swift; a Lua model's intents
// are Lua functions, which take any Lua values (the scripting layer makes them).
extension AppModel {
    /// One intent of a Swift model: what it takes, and the app's code that runs for it.
    public struct Intent: Sendable {
        /// The parameters the intent takes, in the order a call passes them.
        public var parameters: [Parameter]
        /// Runs with the simulator and the checked arguments; its result (if any) is the
        /// call's. A Swift model's body hops to the main actor (see `addIntent`).
        package var code: @Sendable (Simulator, [SceneValue]) throws -> SceneValue?

        /// Whether the arguments are checked against `parameters` (a Lua function's are not:
        /// it takes what it is given, as Lua does).
        package var checksArguments = true

        /// An intent whose `code` runs on the thread driving the simulator, not on the main
        /// actor: a `ModelController`'s (the built-in model's `login`). Add it with
        /// `AppModel.addIntent(_:_:)`; the app's own intents use `addIntent(_:parameters:_:)`.
        public init(parameters: [Parameter], code: @escaping @Sendable (Simulator, [SceneValue]) throws -> SceneValue?) {
            self.init(parameters: parameters, checksArguments: true, code: code)
        }

        /// An intent with the code given, its arguments checked or not.
        package init(parameters: [Parameter], checksArguments: Bool, code: @escaping @Sendable (Simulator, [SceneValue]) throws -> SceneValue?) {
            self.parameters = parameters
            self.checksArguments = checksArguments
            self.code = code
        }
    }

    /// Sets the code of intent `name`, one of the names the model was declared with (a Lua
    /// model's, whose code the scripting layer makes).
    package mutating func setIntent(_ name: String, _ intent: Intent) {
        intentHandlers[name] = intent
    }

    /// A named, typed parameter of an intent (`unlock(code: string)`).
    public struct Parameter: Equatable, Sendable {
        /// The parameter's name, as the intent's signature and its messages show it.
        public var name: String
        /// The kind of value the parameter accepts.
        public var type: ParameterType

        /// A parameter called `name` that accepts values of `type`.
        public init(_ name: String, _ type: ParameterType) {
            self.name = name
            self.type = type
        }
    }

    /// What a parameter accepts, as the model declares it: a float parameter takes an integer too.
    public enum ParameterType: String, Equatable, Sendable {
        case boolean, integer, float, string
    }

    /// Adds a Swift intent, callable as `app:<name>(...)` and with `Simulator.perform(intent:_:)`.
    /// The name must be a word of letters, digits and `_`, and new to the model.
    public mutating func addIntent(
        _ name: String, parameters: [Parameter] = [],
        _ body: @escaping @MainActor (Simulator, [SceneValue]) throws -> SceneValue?
    ) throws(SimError) {
        try addIntent(
            name,
            Intent(parameters: parameters) { sim, arguments in
                try onMainActor(sim) { sim in try body(sim, arguments) }
            })
    }

    /// Adds a Swift intent whose code is async (a button's action that awaits the app's
    /// controller), callable as the synchronous form's. Its code starts at once and, when it
    /// does not suspend, ends before the call returns; when it awaits (the clock, the server),
    /// the call returns nil and the rest runs as one of the app's tasks, resuming within the
    /// event that makes it ready (semantics 10.11). An error it throws before it awaits is the
    /// call's error; after, it fails the event that ran it.
    public mutating func addIntent(
        _ name: String, parameters: [Parameter] = [],
        _ body: @escaping @MainActor (Simulator, [SceneValue]) async throws -> Void
    ) throws(SimError) {
        let handler = "intent \(name)"
        try addIntent(
            name,
            Intent(parameters: parameters) { sim, arguments in
                try onMainActor(sim, handler: handler) { sim in try await body(sim, arguments) }
                return nil
            })
    }

    /// Adds `intent`, callable as `addIntent(_:parameters:_:)`'s are, its code run where the
    /// simulator runs (see `Intent.init(parameters:code:)`). The same rules for the name.
    public mutating func addIntent(_ name: String, _ intent: Intent) throws(SimError) {
        guard Self.isIntentName(name) else {
            throw SimError(.invalidConfig, "intent \"\(name)\" cannot be an intent name; use a word of letters, digits and _, e.g. unlock")
        }
        guard !intents.contains(name) else {
            throw SimError(.invalidConfig, "the model declares intent \"\(name)\" twice")
        }
        intents = (intents + [name]).sorted()
        intentHandlers[name] = intent
    }

    /// `unlock(code: string)`: an intent's call shape, as messages show it.
    package func signature(of name: String) -> APICall {
        let parameters = intentHandlers[name]?.parameters ?? []
        return .intentSignature(name, parameters: parameters.map { "\($0.name): \($0.type.rawValue)" }.joined(separator: ", "))
    }

    /// The error for argument `index` (from 1) of a wrong type, `given` in Lua's words
    /// ("a table", "nil"); shared by the Lua bridge, which sees values Swift cannot hold.
    package func argumentError(intent name: String, index: Int, given: String) -> SimError {
        let parameters = intentHandlers[name]?.parameters ?? []
        let parameter = parameters.indices.contains(index - 1) ? parameters[index - 1] : nil
        let wanted = parameter.map { $0.type == .integer ? "an integer" : "a \($0.type.rawValue)" } ?? "a value"
        return SimError(.invalidValue, "\(signature(of: name)): argument \(index) (\(parameter?.name ?? "?")) must be \(wanted), not \(given)")
    }

    /// That the intent takes `count` arguments; checked before their types.
    package func checkCount(intent name: String, _ count: Int) throws(SimError) {
        let wanted = intentHandlers[name]?.parameters.count ?? count
        guard count == wanted else {
            throw SimError(.invalidValue, "\(signature(of: name)) takes \(wanted) \(wanted == 1 ? "argument" : "arguments"), not \(count)")
        }
    }

    /// The arguments as the intent takes them: the right number, each of its parameter's type
    /// (an integer given for a float parameter becomes a float).
    package func checkedArguments(intent name: String, _ arguments: [SceneValue]) throws(SimError) -> [SceneValue] {
        guard let intent = intentHandlers[name], intent.checksArguments else { return arguments }
        try checkCount(intent: name, arguments.count)
        var checked: [SceneValue] = []
        for (index, (parameter, value)) in zip(intent.parameters, arguments).enumerated() {
            switch (parameter.type, value) {
            case (.boolean, .bool), (.integer, .int), (.float, .double), (.string, .string):
                checked.append(value)
            case (.float, .int(let number)):
                checked.append(.double(Double(number)))
            default:
                let article = value.typeName == "integer" ? "an" : "a"
                throw argumentError(intent: name, index: index + 1, given: "\(article) \(value.typeName)")
            }
        }
        return checked
    }
}

extension Simulator {
    /// Runs the model's Swift intent `name` with `arguments` (checked against its parameters),
    /// as a script's `app:<name>(...)` does; returns its result. An intent is a change the app's
    /// code makes: it runs at once, from a handler too; the lifecycle actions it makes run at
    /// once at the top level and are queued inside a system action. An error it throws is
    /// thrown here (not a `SimError`: as `.appCode`).
    @discardableResult
    public func perform(intent name: String, _ arguments: [SceneValue] = []) throws(SimError) -> SceneValue? {
        try entry { () throws(SimError) -> SceneValue? in
            let (intent, checked) = try checkedIntent(name, arguments)
            do {
                return try intent.code(self, checked)
            } catch let error as SimError {
                throw error
            } catch {
                throw SimError(.appCode, "\(.intentName(name)): \(error)")
            }
        }
    }
}
