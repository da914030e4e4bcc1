import SceneSimCore

/// The Swift models a `scenesim`-compatible executable offers by name (`sim.launch{ model =
/// "notes" }`): each a function making a fresh model, since a model holds its app's code and
/// state and every scenario (every explore run, on its own thread) launches its own.
///
/// `"builtin"` is always there: the built-in model, named. The stock `scenesim` has only it.
package struct ModelRegistry: Sendable, Equatable {
    /// A registered model's factory: it may be `@MainActor` (it runs there) and throw any error.
    package typealias Factory = @MainActor () throws -> AppModel

    private var factories: [String: Factory] = [:]

    /// How long a factory waits for the main actor, as a model's code does by default
    /// (`Simulator.mainActorWaitLimit`).
    static let mainActorWaitLimit: Double = 30

    /// The name of the built-in model, which no registered model may take.
    package static let builtinName = "builtin"

    /// Only the built-in model.
    package init() {}

    /// `models`, by name; a name that is not a word, or is `"builtin"`, is an error naming it.
    package init(_ models: [String: Factory]) throws(SimError) {
        for name in models.keys.sorted() {
            guard AppModel.isIntentName(name) else {
                throw SimError(.invalidConfig, "model name \"\(name)\" cannot be registered; use a word of letters, digits and _, e.g. notes")
            }
            guard name != Self.builtinName else {
                throw SimError(.invalidConfig, "model name \"builtin\" is the built-in model's; register yours under another name")
            }
        }
        factories = models
    }

    /// Every name a script may give, sorted (messages list them).
    package var names: [String] { ([Self.builtinName] + factories.keys).sorted() }

    /// A fresh registered model named `name`, made on the main actor; nil if none has that
    /// name. An error the factory throws is its message: a `SimError`'s own, another error's
    /// description.
    func make(_ name: String) throws(SimError) -> AppModel? {
        guard let factory = factories[name] else { return nil }
        do {
            return try onMainActor(waitLimit: Self.mainActorWaitLimit) { try factory() }
        } catch let error as SimError {
            throw error
        } catch {
            throw SimError(.appCode, "its factory threw an error: \(Self.describe(error))")
        }
    }

    /// An error as a message shows it: its `description`, or its type and value
    /// (`NotesError.missingFixture("notes.json")`); never an address or a module's private context.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        let type = String(describing: Swift.type(of: error))
        return error is CustomStringConvertible || text.hasPrefix(type) ? text : "\(type).\(text)"
    }

    /// Registries are equal when they offer the same names (functions cannot be compared).
    package static func == (lhs: ModelRegistry, rhs: ModelRegistry) -> Bool { lhs.names == rhs.names }
}
