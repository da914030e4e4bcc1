import ByteText
import SceneSimTestSupport
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// A notes app's states as a Swift enum: one with a string argument, one with an integer, one
/// with a word of a `String` enum, and one whose Lua name differs from its Swift case.
enum NotesState: SimState {
    case starting
    case locked
    case signedIn(user: String)
    case syncing(Int)
    case failed(Failure)

    enum Failure: String, CaseIterable, Sendable, SimStateArgument { case offline, expired }

    enum Name: String, CaseIterable, Sendable {
        case starting, locked
        case signedIn = "signed_in"
        case syncing, failed
    }

    static func declaration(of name: Name) -> SimStateCase<NotesState> {
        switch name {
        case .starting: .plain(.starting, loading: true)
        case .locked: .plain(.locked)
        case .signedIn: .argument(NotesState.signedIn(user:))
        case .syncing: .argument(NotesState.syncing)
        case .failed: .argument(NotesState.failed)
        }
    }

    static func targets(from name: Name) -> [Name] {
        switch name {
        case .starting: [.locked, .signedIn]
        case .locked: [.signedIn]
        case .signedIn: [.syncing, .locked, .failed]
        case .syncing: [.signedIn, .failed]
        case .failed: []
        }
    }
}

/// States that carry nothing: the enum is its own `Name`, and conforms with no code.
enum Door: String, CaseIterable, SimState {
    case open, closed
}

/// A state type that describes itself: its cases are still found by their names.
enum Lamp: SimState, CustomStringConvertible {
    case off
    case on(level: Int)

    enum Name: String, CaseIterable, Sendable { case off, on }

    static func declaration(of name: Name) -> SimStateCase<Lamp> {
        switch name {
        case .off: .plain(.off)
        case .on: .argument(Lamp.on(level:))
        }
    }

    var description: String { "a lamp" }
}

/// A declaration that gives one Name another's case.
enum Crossed: SimState {
    case a, b
    enum Name: String, CaseIterable, Sendable { case a, b }
    static func declaration(of name: Name) -> SimStateCase<Crossed> { .plain(.a) }
}

/// A case its Name does not list.
enum Gap: SimState {
    case listed, hidden
    enum Name: String, CaseIterable, Sendable { case listed }
    static func declaration(of name: Name) -> SimStateCase<Gap> { .plain(.listed) }
}

/// An intent whose value is no argument.
enum OddIntent: SimIntent {
    case pick([Int])
}

/// Intents as a Swift enum: names and arguments come from the cases.
enum NotesIntent: SimIntent {
    case signIn(user: String, remember: Bool)
    case sync(pages: Int, ratio: Double)
    case lockNow
}

@Suite("Typed models: SimState, the table written once, SimIntent")
struct TypedModelTests {
    static func model() throws -> AppModel {
        try AppModel(initial: NotesState.starting, transitions: NotesState.targets(from:))
    }

    @Test("a SimState's declaration is its Name's cases in order, with the arguments its constructors take")
    func declarations() throws {
        let model = try Self.model()
        #expect(model.statesText == "starting, locked, signed_in(<string>), syncing(<integer>), failed(<offline|expired>)")
        #expect(model.states.map(\.isLoading) == [true, false, false, false, false])
        #expect(model.initial == ModelState("starting"))
        #expect(
            model.transitions == [
                "starting": ["locked", "signed_in"], "locked": ["signed_in"], "signed_in": ["syncing", "locked", "failed"], "syncing": ["signed_in", "failed"],
            ])
        #expect(model.unreachableStates.isEmpty)
        #expect(Door.stateDeclarations == ["open", "closed"])
    }

    @Test(
        "a value's name and argument are read from its case; a ModelState rebuilds the value",
        arguments: [
            (NotesState.starting, ModelState("starting")),
            (.signedIn(user: "ada"), ModelState("signed_in", .text("ada"))),
            (.syncing(3), ModelState("syncing", .integer(3))),
            (.failed(.expired), ModelState("failed", .text("expired"))),
        ])
    func roundTrip(state: NotesState, model: ModelState) {
        #expect(state.modelState == model)
        #expect(NotesState(model) == state)
    }

    @Test("a ModelState of another name or with an argument that does not fit is no value")
    func misfits() {
        #expect(NotesState(ModelState("starting", .text("x"))) == nil)
        #expect(NotesState(ModelState("signed_in")) == nil)
        #expect(NotesState(ModelState("syncing", .text("3"))) == nil)
        #expect(NotesState(ModelState("failed", .text("offlin"))) == nil)
        #expect(NotesState(ModelState("signedIn", .text("ada"))) == nil)
        #expect(Door(ModelState("open")) == .open)
        #expect(Door.closed.modelState == ModelState("closed"))
        #expect(Lamp.off.modelState == ModelState("off"))
        #expect(Lamp.on(level: 3).modelState == ModelState("on", .integer(3)))
    }

    @Test("the simulator moves and reads a typed state; scripts' text parses to the same states")
    func simulator() throws {
        let model = try Self.model()
        let sim = try Simulator(config: AppConfig(), model: model)
        sim.isTracing = true
        try sim.launch()
        #expect(sim.state(as: NotesState.self) == .starting)
        #expect(try sim.transition(to: NotesState.signedIn(user: "ada")) == .accepted)
        #expect(try sim.transition(to: NotesState.failed(.offline)) == .accepted)
        #expect(try sim.transition(to: NotesState.locked) == .rejected(reason: "failed cannot go to locked; from failed the app may go to no other state"))
        #expect(sim.state(as: NotesState.self) == .failed(.offline))
        #expect(sim.state(as: Door.self) == nil)
        #expect(try model.parse("signed_in(ada)") == NotesState.signedIn(user: "ada").modelState)
        let lines = sim.takeEvents().map { TraceRenderer.text($0, label: sim.label(of:)) }.filter { $0.contains("state ") }
        #expect(
            lines == [
                "[   0.000] app         state starting -> signed_in(ada)",
                "[   0.000] app         warning: state starting was on screen for 0.000 s, under flicker_threshold = 0.100 s (flicker)",
                "[   0.000] app         state signed_in(ada) -> failed(offline)",
                "[   0.000] app         state failed(offline) -> locked rejected: failed cannot go to locked; from failed the app may go to no other state",
            ])
    }

    @Test("a SimIntent's name is its case's in snake case, its arguments its values in order")
    func intents() throws {
        #expect(NotesIntent.signIn(user: "ada", remember: true).name == "sign_in")
        #expect(try NotesIntent.signIn(user: "ada", remember: true).arguments == [.string("ada"), .bool(true)])
        #expect(try NotesIntent.sync(pages: 2, ratio: 0.5).arguments == [.int(2), .double(0.5)])
        #expect(NotesIntent.lockNow.name == "lock_now")
        #expect(try NotesIntent.lockNow.arguments.isEmpty)
        #expect(try Builtin.Intent.login(user: "ada").arguments == [.string("ada"), .bool(false)])
        #expect(Builtin.Intent.cancelOnboarding.name == "cancel_onboarding")
    }

    @Test("perform(_:) runs the intent a SimIntent names, its arguments checked as perform(intent:) checks them")
    func performTyped() throws {
        var model = try Self.model()
        try model.addIntent("sign_in", parameters: [.init("user", .string), .init("remember", .boolean)]) { sim, arguments in
            guard case .string(let user) = arguments[0] else { return nil }
            try sim.transition(to: NotesState.signedIn(user: user.string ?? ""))
            return arguments[1]
        }
        try model.addIntent("sync", parameters: [.init("pages", .integer)]) { _, _ in nil }
        let sim = try Simulator(config: AppConfig(), model: model)
        try sim.launch()
        #expect(try sim.perform(NotesIntent.signIn(user: "ada", remember: true)) == .bool(true))
        #expect(sim.state(as: NotesState.self) == .signedIn(user: "ada"))
        let error = #expect(throws: SimError.self) { try sim.perform(NotesIntent.sync(pages: 2, ratio: 0.5)) }
        #expect(error?.description == #"perform(intent: "sync") with (pages: integer) takes 1 argument, not 2"#)
    }

    @Test("a misdeclared state type or intent is a thrown error, never a trap")
    func misdeclared() throws {
        #expect(throws: SimError(.invalidConfig, "Crossed.declaration(of: .b) declares a, which is state a; declare each Name with its own case")) {
            try AppModel(initial: Crossed.a) { _ in [] }
        }
        let sim = try Simulator(config: AppConfig(), model: try AppModel(initial: Gap.listed) { _ in [.listed] })
        try sim.launch()
        #expect(
            throws: SimError(.invalidConfig, "Gap.hidden has no case in Gap.Name; give each state's case the same name in Name (its raw value is the state's name in scripts)")
        ) {
            try sim.transition(to: Gap.hidden)
        }
        #expect(
            throws: SimError(
                .invalidValue,
                "OddIntent.pick carries a Array<Int>, which is no intent argument (Bool, Int, Double, String, ByteString or SceneValue); convert it, or write the intent's arguments"
            )
        ) {
            try sim.perform(OddIntent.pick([1]))
        }
    }

    @Test("states read are kept, but never one whose argument is large: the cache stays small whatever a script's user name is")
    func cacheBound() {
        let long = NotesState.signedIn(user: String(repeating: "a", count: 10_000))
        #expect(long.modelState == ModelState("signed_in", .text(ByteString(String(repeating: "a", count: 10_000)))))
        #expect(SimStateCache.state(of: SimStateCache.Key(long)) == nil)
        let short = NotesState.signedIn(user: "grace")
        #expect(short.modelState == ModelState("signed_in", .text("grace")))
        #expect(SimStateCache.state(of: SimStateCache.Key(short)) == ModelState("signed_in", .text("grace")))
    }

    @Test("the built-in model is declared from Builtin.AppState: its states, table and initial state")
    func builtin() {
        let builtin = AppModel.builtin
        #expect(builtin.states == Builtin.AppState.stateDeclarations)
        #expect(builtin.initial == Builtin.AppState.loading.modelState)
        #expect(builtin.targets(from: "onboarding") == ["onboarding", "authenticated", "unauthenticated"])
        #expect(Builtin.AppState.authenticated(user: "a\u{0}b").modelState == ModelState("authenticated", .text("a\u{0}b")))
        #expect(Builtin.AppState(ModelState("onboarding", .text("profileSetup"))) == .onboarding(.profileSetup))
    }
}
