@testable import GoldenRunner
import Testing

@Suite("Finding scenarios")
struct ScenarioDiscoveryTests {
    @Test("Discovery finds **/*.lua sorted by byte order, skipping lib/, explore/, *.d.lua and hidden files")
    func discoverySkipsHelpers() throws {
        let sandbox = try Sandbox()
        for path in [
            "scenarios/a.lua", "scenarios/Z.lua", "scenarios/phases/b.lua", "scenarios/lib/helper.lua",
            "scenarios/phases/lib/more.lua", "scenarios/explore/docs.lua", "scenarios/types.d.lua", "scenarios/.scratch.lua",
            "scenarios/notes.txt", "other/c.lua",
        ] {
            try sandbox.write(path, "")
        }

        let found = try ScenarioDiscovery.discover(
            paths: ["scenarios", "./scenarios/phases"], resolver: PathResolver(baseDirectory: sandbox.root)
        )

        #expect(found.scenarios.map(\.path) == ["scenarios/Z.lua", "scenarios/a.lua", "scenarios/phases/b.lua"])
        #expect(found.scenarios.map(\.name) == ["Z", "a", "phases/b"])
        #expect(found.coversWholeDirectories)
    }

    @Test("Paths display relative to the base directory, or absolute outside it")
    func displayPaths() {
        let resolver = PathResolver(baseDirectory: "/work/main/")
        #expect(resolver.display(resolver.absolute("./scenarios/../scenarios/a.lua")) == "scenarios/a.lua")
        #expect(resolver.display(resolver.absolute("/work/main/scenarios")) == "scenarios")
        #expect(resolver.display(resolver.absolute("/work/mainly/x.lua")) == "/work/mainly/x.lua")
        #expect(resolver.display(resolver.absolute(".")) == ".")
    }

    @Test("The listing's description is the first real comment line")
    func firstComment() {
        #expect(ScenarioListing.firstComment(in: "#!/usr/bin/env lua\n---@meta\n------\n  -- Opens two windows\n-- more") == "Opens two windows")
        #expect(ScenarioListing.firstComment(in: "print(1)\n") == nil)
        // A byte order mark, a block comment's brackets: not part of the description.
        #expect(ScenarioListing.firstComment(in: "\u{FEFF}-- Opens a window\n") == "Opens a window")
        #expect(ScenarioListing.firstComment(in: "--[[ Opens a window\nand more ]]\n") == "Opens a window")
    }
}
