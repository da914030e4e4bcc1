import Foundation
import Testing

/// Examples/JournalApp: its generated module is exactly what scaffold writes from its source,
/// and its overlay (behaviour-from-source §1) still fits it.
@Suite("The scaffolded example, Examples/JournalApp")
struct ScaffoldExampleTests {
    static let example = packageRoot.appendingPathComponent("Examples/JournalApp").path

    @Test("regenerating the generated module gives the same bytes; check-model on the overlay finds no difference; its scenario passes")
    func regenerationIsStable() throws {
        let folder = try TempFolder()
        let generate = try BuiltBinary.run(["scaffold", Self.example + "/Sources/JournalApp", "-o", "journal_generated.lua"], in: folder.path)
        #expect(generate.status == 0, "\(generate)")
        let fresh = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/journal_generated.lua"))
        let checkedIn = try Data(contentsOf: URL(fileURLWithPath: Self.example + "/scenarios/lib/journal_generated.lua"))
        #expect(fresh == checkedIn, "regenerate it: scenesim scaffold Examples/JournalApp/Sources/JournalApp -o Examples/JournalApp/scenarios/lib/journal_generated.lua --force")

        let check = try BuiltBinary.run(["check-model", "scenarios/lib/journal.lua", "--source", "Sources/JournalApp"], in: Self.example)
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: ""), "\(check)")

        let goldens = try BuiltBinary.run(["test", "scenarios"], in: Self.example)
        #expect(goldens.status == 0, "\(goldens)")
    }

    @Test("--coverage lists the three Swift handlers the generated module translated: the scenario runs both phase handlers, no scenario opens a link")
    func handlerCoverage() throws {
        let result = try BuiltBinary.run(["test", "--coverage", "scenarios"], in: Self.example)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                """

                Swift handlers translated in JournalApp (journal_generated.lua): 2/3 (66.7%)
                     4  EntryEditor.swift:13 .onChange(of: scenePhase)  first: draft-survives
                     0  EntryListView.swift:17 .onOpenURL               NOT COVERED
                     4  JournalApp.swift:14 .onChange(of: scenePhase)   first: draft-survives

                """), "\(result.stdout)")
    }
}
