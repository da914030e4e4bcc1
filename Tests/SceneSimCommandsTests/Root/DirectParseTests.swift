@testable import SceneSimCommands
import Testing

/// `scenesim run` and `repl` read a plain command line without ArgumentParser (a start-up's
/// cost: scripts/bench-lua.sh); what they read must be what ArgumentParser reads, and every
/// other line must be left to it, so help, errors and the rarer spellings stay its own.
@Suite("Plain command lines read without ArgumentParser")
struct DirectParseTests {
    /// What ArgumentParser makes of `arguments`, as the plain values the commands run with.
    static func parsed(_ arguments: [String]) throws -> DirectParse? {
        let command = try SceneSimCommand.parseAsRoot(arguments)
        if let run = command as? RunCommand { return .run(run.invocation) }
        if let repl = command as? REPLCommand { return .repl(repl.invocation) }
        return nil
    }

    @Test("A plain line reads as ArgumentParser reads it, every field")
    func sameCommand() throws {
        let folder = try TempFolder(["a.lua": "", "lib/m.lua": "return {}"])
        let file = folder.path + "/a.lua"
        let lines: [[String]] = [
            ["run", file],
            [
                "run", file, "--seed", "7", "--max-instructions", "100", "--max-memory", "64", "--allow-io",
                "--trace", "jsonl", "--platform", "iphone", "--timeline", folder.path + "/t.svg", "--timeline-axis", "steps",
            ],
            ["run", "--seed=+12", "--trace=off", file, "--max-instructions=0", "--max-memory=0"],
            ["run", "--allow-io", file, "--platform", "macos", "--timeline", "t.json"],
            ["run", file, "--timeline", "x=y.txt"],
            ["repl"],
            ["repl", file],
            ["repl", "--seed", "3", "--trace", "off", "--allow-io", file, "--max-memory", "1"],
        ]
        for line in lines {
            let direct = try #require(DirectParse(line), "declined: \(line)")
            #expect(direct == (try Self.parsed(line)), "\(line)")
        }
    }

    @Test("Help, errors and the spellings left to ArgumentParser are declined")
    func declined() throws {
        let folder = try TempFolder(["a.lua": ""])
        let file = folder.path + "/a.lua"
        let lines: [[String]] = [
            [], ["run"], ["run", "--help"], ["run", file, "-h"], ["repl", "--help"],
            ["run", file, "--version"], ["run", file, file], ["repl", file, file],
            ["run", file, "--"], ["run", "--", file], ["run", "-"],
            // A value ArgumentParser reads by its parsing strategy, or rejects.
            ["run", file, "--seed", "-1"], ["run", file, "--seed=-1"], ["run", file, "--trace", "--allow-io"],
            ["run", file, "--seed"], ["run", file, "--seed", "x"], ["run", file, "--trace", "xml"],
            ["run", file, "--platform", "android"], ["run", file, "--timeline-axis", "space"],
            // Given twice, or a flag given a value, or an option of another command.
            ["run", file, "--seed", "1", "--seed", "2"], ["run", file, "--allow-io", "--allow-io"],
            ["run", file, "--allow-io=true"], ["run", file, "--jobs", "2"], ["repl", file, "--timeline", "t.svg"],
            ["run", file, "-j4"], ["run", file, "--Seed", "1"],
            // Validation fails: ArgumentParser says why.
            ["run", folder.path + "/missing.lua"], ["run", folder.path], ["repl", folder.path + "/missing.lua"],
            ["run", file, "--timeline", "t.png"], ["run", file, "--max-memory", "9999999999"],
            ["run", file, "--timeline", "-"],
            ["test"], ["test", file], ["explore", file], ["scaffold"], ["help", "run"], ["--help"], ["--version"],
        ]
        for line in lines {
            #expect(DirectParse(line) == nil, "\(line)")
        }
    }
}
