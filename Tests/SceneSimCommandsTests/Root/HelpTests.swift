import Testing

@Suite("scenesim help and version, as a user sees them")
struct HelpTests {
    // Help text is API: compared whole, at the 80 columns the test fixes with COLUMNS.
    @Test("scenesim --help shows the overview, subcommands and exit statuses")
    func rootHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["--help"], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: """
            OVERVIEW: Simulate the SwiftUI multi-window app lifecycle, scripted in Lua 5.4.

            A scenario is a Lua file that declares an app with sim.launch{...}, then opens
            windows, writes SceneStorage, sends the app to the background, terminates and
            relaunches it, and asserts on what came back. The output is a trace, one line
            per lifecycle event on a virtual clock, identical byte for byte on every run.

            Exit status: 0 success, 1 a scenario failed, 2 usage error. The scenario API is
            documented in scenarios/README.md.

            USAGE: scenesim <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              run                     Run one scenario file.
              test                    Run scenarios and compare each whole output with its
                                      reviewed golden file.
              repl                    Explore interactively: a Lua prompt with the scenario
                                      API.

              See 'scenesim help <subcommand>' for detailed help.

            """, stderr: ""))
    }

    @Test("scenesim run --help shows the run command's whole help")
    func runHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["run", "--help"], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: """
            OVERVIEW: Run one scenario file.

            Standard output carries the trace interleaved, in order, with the script's
            print. Errors go to standard error as file:line: message, then the scenario's
            stack traceback.

            Exit status: 0 the scenario ran to its end, 1 it failed (an error or a failed
            assert), 2 usage error.

            Helper modules load with require from the nearest lib/ folder at or above the
            scenario's folder.

            USAGE: scenesim run <file> [--seed <seed>] [--max-instructions <n>] [--max-memory <MiB>] [--allow-io] [--trace <format>]

            ARGUMENTS:
              <file>                  The scenario to run.

            OPTIONS:
              --seed <seed>           Seed of math.random and every random choice.
                                      (default: 0)
              --max-instructions <n>  Stop a chunk after this many Lua instructions
                                      (pattern matching included); 0 for no limit.
                                      (default: 1000000000)
              --max-memory <MiB>      Stop when the Lua state, or the simulator's own
                                      records, hold more than this many MiB; 0 for no
                                      limit. (default: 512)
              --allow-io              Open Lua's io, os, debug and package libraries (off:
                                      a sandbox without them).
              --trace <format>        How the trace is written: text, jsonl or off.
                                      (values: text, jsonl, off; default: text)
              --version               Show the version.
              -h, --help              Show help information.


            """, stderr: ""))
    }

    @Test("scenesim --version prints the version and exits 0")
    func version() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["--version"], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: "0.1.0\n", stderr: ""))
    }
}
