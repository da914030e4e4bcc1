import Foundation
import Testing

/// Examples/JournalApp: its checked-in model is exactly what scaffold writes from its source.
@Suite("The scaffolded example, Examples/JournalApp")
struct ScaffoldExampleTests {
    static let example = packageRoot.appendingPathComponent("Examples/JournalApp").path

    @Test("regenerating the model gives the same bytes; check-model finds no difference; its scenario passes")
    func regenerationIsStable() throws {
        let folder = try TempFolder()
        let generate = try BuiltBinary.run(["scaffold", Self.example + "/Sources/JournalApp", "-o", "journal.lua"], in: folder.path)
        #expect(generate.status == 0, "\(generate)")
        let fresh = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/journal.lua"))
        let checkedIn = try Data(contentsOf: URL(fileURLWithPath: Self.example + "/scenarios/lib/journal.lua"))
        #expect(fresh == checkedIn, "regenerate it: scenesim scaffold Examples/JournalApp/Sources/JournalApp -o Examples/JournalApp/scenarios/lib/journal.lua --force")

        let check = try BuiltBinary.run(["check-model", "scenarios/lib/journal.lua", "--source", "Sources/JournalApp"], in: Self.example)
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: ""), "\(check)")

        let goldens = try BuiltBinary.run(["test", "scenarios"], in: Self.example)
        #expect(goldens.status == 0, "\(goldens)")
    }
}
