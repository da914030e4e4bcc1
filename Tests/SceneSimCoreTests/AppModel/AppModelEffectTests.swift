import SceneSimTestSupport
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// The effects of scenarios/README.md from Swift: a Swift model's effects, run by `Simulator.perform(effect:)`.
@Suite("A Swift model's effects")
struct AppModelEffectTests {
    @Test(
        "perform(effect:) traces the name, the arguments, the caller and the location, runs the model's effect and returns its result; an unknown effect is traced and returns nil; a terminated app refuses it"
    )
    func performEffect() throws {
        var model = try AppModelTests.notes()
        model.addEffect("Vault.open") { _, scene, arguments in
            .string("opened \(arguments.count) from \(scene == nil ? "the app" : "a window")")
        }
        let sim = try Simulator(config: .testing(), model: model)
        sim.isTracing = true
        try sim.launch()
        _ = sim.takeEvents()
        let window = try #require(sim.frontWindow)

        #expect(try sim.perform(effect: "Vault.open@Vault.swift:7", [.int(1), nil]) == .string("opened 2 from the app"))
        #expect(try sim.perform(effect: "Vault.open", scene: window) == .string("opened 0 from a window"))
        #expect(try sim.perform(effect: "Mail.send", [.string("hi")]) == nil)
        #expect(
            sim.takeEvents().map(\.event) == [
                .effect(name: "Vault.open", arguments: [.value(.int(1)), .value(nil)], scene: nil, location: "Vault.swift:7"),
                .effect(name: "Vault.open", arguments: [], scene: window, location: nil),
                .effect(name: "Mail.send", arguments: [.value(.string("hi"))], scene: nil, location: nil),
            ])
        try sim.terminate(.crash)
        #expect(throws: SimError.self) { try sim.perform(effect: "Vault.open") }
    }
}
