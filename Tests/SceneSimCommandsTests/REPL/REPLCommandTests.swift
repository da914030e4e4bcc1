import Foundation
import Testing

@Suite("scenesim repl with piped input runs it as one script, as lua5.4 < file does")
struct REPLCommandTests {
    static let script = """
        local app = sim.launch{}
        print(app.phase)
        app:background()
        print(app.phase)

        """

    @Test("A local reaches the following lines, and the output is what scenesim run prints")
    func oneChunk() throws {
        let folder = try TempFolder(["steps.lua": Self.script])

        let piped = try BuiltBinary.run(["repl"], in: folder.path, input: Self.script)
        let run = try BuiltBinary.run(["run", "steps.lua"], in: folder.path)

        #expect(piped == run)
        #expect(piped.status == 0)
        #expect(
            piped.stdout.hasSuffix(
                """
                [   0.000] app         phase inactive -> active: validate session and refresh
                active
                [   0.000] main#1      phase active -> inactive
                [   0.000] app         phase active -> inactive: prepare for background
                [   0.000] main#1      phase inactive -> background
                [   0.000] app         phase inactive -> background: release resources
                background

                """), "\(piped)")
    }

    @Test("The first error stops the script: stdin:LINE: on standard error, exit 1, as scenesim run")
    func errorStops() throws {
        let folder = try TempFolder()

        let piped = try BuiltBinary.run(
            ["repl", "--trace", "off"], in: folder.path,
            input: """
                print("before")
                local n = nil
                print(n.field)
                print("never")

                """)

        #expect(
            piped
                == ProcessResult(
                    status: 1, stdout: "before\n",
                    stderr: """
                        stdin:3: attempt to index a nil value (local 'n')
                        stack traceback:
                        \tstdin:3: in main chunk

                        """))
    }

    @Test("FILE runs first, in the same world as the piped script")
    func fileThenScript() throws {
        let folder = try TempFolder(["setup.lua": "app = sim.launch{}\napp:background()\n"])

        let piped = try BuiltBinary.run(["repl", "--trace", "off", "setup.lua"], in: folder.path, input: "print(app.phase)\n")

        #expect(piped == ProcessResult(status: 0, stdout: "background\n", stderr: ""))
    }

    @Test("A FILE that does not exist, or a folder, is a usage error (exit 2) before any session starts, as for scenesim run")
    func missingFile() throws {
        let folder = try TempFolder(["lib/x.lua": "return 1\n"])

        let missing = try BuiltBinary.run(["repl", "nope.lua"], in: folder.path, input: "print('session')\n")
        let directory = try BuiltBinary.run(["repl", "lib"], in: folder.path, input: "print('session')\n")

        // Before: "cannot open nope.lua", then the session ran the piped lines and exited 0.
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("Error: no such scenario file: nope.lua\n"), "\(missing)")
        #expect(directory.status == 2, "\(directory)")
        #expect(directory.stderr.hasPrefix("Error: lib is a folder; give one .lua file to run first\n"), "\(directory)")
    }

    @Test("A piped \\command is a syntax error that says commands need a terminal")
    func commandPiped() throws {
        let folder = try TempFolder()

        let piped = try BuiltBinary.run(["repl"], in: folder.path, input: "x = 1\n\\save out.lua\n")

        #expect(
            piped
                == ProcessResult(
                    status: 1, stdout: "",
                    stderr: """
                        stdin:2: unexpected symbol near '\\'
                        hint: piped input runs as one Lua chunk, as lua5.4 < file does; \\commands work only when typing at a terminal

                        """))
    }
}
