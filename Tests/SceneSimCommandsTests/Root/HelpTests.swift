import Testing

@Suite("scenesim help and version, as a user sees them")
struct HelpTests {
    // Help text is API: compared whole, at the 80 columns the test fixes with COLUMNS.
    @Test("scenesim --help shows the overview, subcommands and exit statuses")
    func rootHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["--help"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: """
                        OVERVIEW: Simulate the SwiftUI multi-window app lifecycle, scripted in Lua 5.4.

                        A scenario is a Lua file that declares an app with sim.launch{...}, then opens
                        windows, writes SceneStorage, sends the app to the background, terminates and
                        relaunches it, and asserts on what came back. The output is a trace, one line
                        per lifecycle event on a virtual clock, identical byte for byte on every run.

                        Exit status: 0 success, 1 a scenario failed (or explore found a failure, or
                        check-model a difference between the model and the source), 2 usage error, 3
                        explore's shrunk run did not replay the same way twice. The scenario API is
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
                          explore                 Explore random lifecycle sequences; shrink a failure
                                                  to a scenario.
                          scaffold                Write a model module from the app's SwiftUI source.
                          check-model             Check a model module against the app's SwiftUI source.

                          See 'scenesim help <subcommand>' for detailed help.

                        """, stderr: ""))
    }

    @Test("scenesim run --help shows the run command's whole help")
    func runHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["run", "--help"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: """
                        OVERVIEW: Run one scenario file.

                        Standard output carries the trace interleaved, in order, with the script's
                        print. Errors go to standard error as file:line: message, then the scenario's
                        stack traceback.

                        Exit status: 0 the scenario ran to its end, 1 it failed (an error or a failed
                        assert), 2 usage error.

                        Helper modules load with require from the nearest lib/ folder at or above the
                        scenario's folder.

                        A scenario whose leading comments say '-- trace: memory' has a trace line for
                        every write to app.memory and w.memory (as under scenesim test).

                        --timeline FILE also draws the run, by the file's extension: .svg a picture (a
                        lane per window session, the app's phase and state, launches, terminations and
                        restorations), .json the Chrome trace event format for ui.perfetto.dev or
                        chrome://tracing, .txt text lanes (one column per event). --timeline - writes
                        the text lanes to standard output instead of the trace (print output stays).
                        The file is written even when the scenario fails; a file that cannot be written
                        makes the exit status 2.

                        USAGE: scenesim run <file> [--seed <seed>] [--max-instructions <n>] [--max-memory <MiB>] [--allow-io] [--trace <format>] [--platform <platform>] [--timeline <file>] [--timeline-axis <axis>]

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
                          --trace <format>        How the trace is written: text, jsonl (one JSON
                                                  object per line, print output included; schema in
                                                  docs/trace-event.schema.json) or off (print output
                                                  only). (values: text, jsonl, off; default: text)
                          --platform <platform>   The platform sim.launch takes when its options name
                                                  none (default: the first of the scenario's '--
                                                  platforms:' line, else ipados). (values: iphone,
                                                  ipados, macos, visionos)
                          --timeline <file>       Also draw the run into this file: .svg, .json
                                                  (Perfetto) or .txt; - for text lanes on standard
                                                  output instead of the trace.
                          --timeline-axis <axis>  The horizontal axis of an SVG or JSON timeline: time
                                                  (virtual seconds) or steps (one column per event, as
                                                  many share one instant); text lanes always have one
                                                  column per event. (values: time, steps; default: time)
                          --version               Show the version.
                          -h, --help              Show help information.


                        """, stderr: ""))
    }

    @Test("scenesim test --help shows the test command's whole help")
    func testHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["test", "--help"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: """
                        OVERVIEW: Run scenarios and compare each whole output with its reviewed golden
                        file.

                        Finds **/*.lua under the paths (default scenarios/), skipping lib/ helper
                        modules, explore/ exploration modules (run by scenesim explore) and *.d.lua
                        definition files, and runs each in its own Lua state and simulator, in
                        parallel. NAME.golden beside NAME.lua holds everything the run produced, byte
                        for byte: the output stream, then any error message (after a line '---
                        stderr'), then '--- exit N'.

                        A mismatch prints a unified diff (control bytes shown escaped, e.g. \\027 for
                        ESC) and writes NAME.golden.new for review; --update accepts it. With the CI
                        environment variable set (to anything but 0, false or no), or --check, nothing
                        is ever written and a missing golden fails. A golden without its .lua is
                        obsolete: a full run fails on it and --update removes it. A NAME.golden.tmp-*
                        file left by an interrupted write is reported; --update removes it.

                        --review walks the NAME.golden.new files a run left (for the paths, --filter
                        and --platform given), showing each one's diff against its golden and asking
                        accept, reject or skip, one answer a line on standard input (q stops):
                        accepted, it becomes the golden; rejected, it is removed; skipped, it stays.
                        --accept accepts them all without asking. Neither runs a scenario, and neither
                        writes in check mode. Goldens need no filters for changing parts: every run
                        prints the same bytes.

                        A scenario that ends in an error fails, even if its output matches its golden,
                        unless a line '-- expect: error' in its leading comments says it is meant to;
                        one that says so and runs to its end fails too. --update never records a
                        failing scenario.

                        Scenarios are named relative to the suite root: the nearest folder named
                        scenarios at or above them, else the folder given on the command line. Error
                        messages (so goldens), --filter, --shard, the report, JUnit and --timeline's
                        files use that name, the same from any directory; the same file in two suites
                        of one run is named by its path.

                        The scenario flags are those of scenesim run, with the same defaults (goldens
                        are recorded with them); --trace does not apply: goldens hold the text trace. A
                        scenario whose leading comments say '-- trace: memory' has a trace line for
                        every write to app.memory and w.memory, so its golden pins them.

                        --timeline DIR draws each scenario's run into DIR, mirroring its path
                        (phases/x.lua becomes DIR/phases/x.svg), in --timeline-format svg, json (Chrome
                        trace for ui.perfetto.dev) or txt. A golden holds the text timeline instead of
                        the trace when the scenario's leading comments say '-- golden: timeline'.

                        A scenario whose leading comments list platforms ('-- platforms: iphone
                        ipados') runs once on each, as Swift Testing's @Test(arguments:) does:
                        sim.launch takes the platform when its options name none (naming one is an
                        error), each run is named NAME.PLATFORM (phases/launch.iphone) and has its own
                        golden (launch.iphone.golden). --platform P runs only the runs on P.

                        --coverage prints, after the report, what the scenarios that ran covered,
                        computed from the events that actually happened: every state and transition of
                        the app model's table, rejected transitions tried, scene and app phase
                        transitions, connections, disconnects and discards, terminations by platform
                        and restoration, process memory lost by cause, suspension and background time,
                        deep-link outcomes, warnings, and each Swift handler a generated module
                        translated (by file:line), each with its hits and the first scenario (by name)
                        that hit it; items nobody hit read NOT COVERED. --min-coverage
                        transitions=100,states=100 fails the run (exit 1) below the bar, saying what is
                        missing (handlers=N holds the translated handlers to it). --coverage-format
                        mermaid draws the model's states with uncovered transitions dashed.
                        --coverage-out FILE writes the report to FILE alone (e.g. --coverage-format
                        json --coverage-out coverage.json for a tool) instead of after the run's
                        report; --min-coverage, --coverage-format and --coverage-out each imply
                        --coverage.

                        Exit status: 0 all passed, 1 any failed (or coverage under --min-coverage), 2
                        usage error, an unreadable file or folder, or a file not written.

                        USAGE: scenesim test [<options>] [<path> ...]

                        ARGUMENTS:
                          <path>                  Scenario folders or files (default: scenarios).

                        OPTIONS:
                          -j, --jobs <jobs>       Scenarios run at once, -j 4 or -j4 (default: the
                                                  number of cores).
                          -u, --update            Accept the current outputs: rewrite goldens, remove
                                                  .new files and obsolete goldens.
                          --check                 Never write anything; a missing golden fails (implied
                                                  when CI is set).
                          --filter <regex>        Run only scenarios whose name matches this regular
                                                  expression; matching none is an error.
                          --platform <platform>   Of a scenario whose leading comments list platforms
                                                  ('-- platforms: iphone ipados'), run only its run on
                                                  this platform (others run as usual).
                          --shard <K/N>           Run shard K of N (e.g. 2/4); every scenario is in
                                                  exactly one shard.
                          --junit <file>          Also write a JUnit XML report to this file: each case
                                                  with its file, time and failure type.
                          --review                Walk the .golden.new files a run left, one diff at a
                                                  time, answering accept, reject or skip (a line each
                                                  on standard input); runs nothing.
                          --accept                Accept the .golden.new files a run left for the
                                                  scenarios selected (paths, --filter, --platform),
                                                  without running them.
                          --list                  List the scenarios and the first comment line of
                                                  each, without running them.
                          --timeout <seconds>     Stop and fail a scenario that runs longer than this,
                                                  in wall-clock seconds; 0 for no limit. (default:
                                                  300.0)
                          --timeline <dir>        Also draw each scenario's run into this folder,
                                                  mirroring the scenario paths.
                          --timeline-format <format>
                                                  The pictures --timeline draws: svg, json (Perfetto)
                                                  or txt. (values: svg, json, txt; default: svg)
                          --timeline-axis <axis>  The horizontal axis of SVG and JSON timelines: time
                                                  (virtual seconds) or steps (one column per event);
                                                  text lanes always have one column per event. (values:
                                                  time, steps; default: time)
                          --coverage              Print what the scenarios covered of the app model and
                                                  the lifecycle, from the events that ran.
                          --min-coverage <spec>   Fail when coverage is under these percents, e.g.
                                                  transitions=100,states=100 (implies --coverage).
                          --coverage-format <format>
                                                  How --coverage prints: text (the default), json or
                                                  mermaid (the state diagram, uncovered transitions
                                                  dashed); implies --coverage. (values: text, json,
                                                  mermaid)
                          --coverage-out <file>   Write the coverage report to this file alone, not
                                                  after the run's report (implies --coverage).
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
                          --version               Show the version.
                          -h, --help              Show help information.


                        """, stderr: ""))
    }

    @Test("scenesim explore --help shows the explore command's whole help")
    func exploreHelp() throws {
        let folder = try TempFolder()

        let result = try BuiltBinary.run(["explore", "--help"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: """
                        OVERVIEW: Explore random lifecycle sequences; shrink a failure to a scenario.

                        FILE is a Lua module that returns the exploration: { setup = function() return
                        sim.launch{...} end, rules = {...}, builtin = true, invariants = {...},
                        eventually = {...} } (see "Exploring" in scenarios/README.md). Each run starts
                        a fresh app with setup, then takes up to --steps random steps, each a rule (the
                        built-in lifecycle verbs and the module's own) whose precondition holds, with
                        arguments from its generators, and checks every invariant after each step;
                        after the last step it settles the clock and checks the eventually invariants.

                        A run is a pure function of the seed and its index: the same seed prints the
                        same report and writes the same scenario whatever --jobs (only the first line's
                        jobs= differs), and --shard K/N runs every Nth run, so N machines explore N
                        times as much. The first line names the seed (random unless given).

                        On a failure it prints the invariant's message, the run and step, and the
                        command that replays that run; then it shrinks the run (chunks of steps, single
                        steps, then arguments, keeping only runs that fail the same way), replays the
                        result twice to check it is deterministic, and writes it to
                        DIR/<module>-<seed>-<run>.lua: a scenario that loads the module and fails with
                        the same message under scenesim run.

                        Exit status: 0 nothing found, 1 an invariant failed, 2 usage error or a module
                        that cannot run, 3 the shrunk run did not replay the same way twice
                        (nondeterminism).

                        USAGE: scenesim explore [<options>] <file>

                        ARGUMENTS:
                          <file>                  The exploration module.

                        OPTIONS:
                          --seed <n>              Seed of the whole exploration (default: a random one,
                                                  printed).
                          --runs <n>              How many runs (default 100).
                          --time <seconds>        Explore for this long instead of a number of runs.
                          --steps <n>             Steps of each run. (default: 50)
                          -j, --jobs <n>          Runs at once (default: the number of cores).
                          --shard <K/N>           Run shard K of N: the runs whose index is K-1 modulo
                                                  N.
                          --out <dir>             Where a shrunk failure is written. (default:
                                                  scenarios/found)
                          --no-shrink             Report a failure as found, without shrinking it or
                                                  writing a scenario.
                          --replay <SEED:RUN>     Run only run RUN of seed SEED, printing its steps
                                                  (what a failure report says to type).
                          --stats                 Print how often each rule ran and how often its
                                                  precondition held; warn about rules that never ran.
                          --max-instructions <n>  Stop a run after this many Lua instructions (pattern
                                                  matching included); 0 for no limit. (default:
                                                  1000000000)
                          --max-memory <MiB>      Stop a run whose Lua state, or the simulator's own
                                                  records, hold more than this many MiB; 0 for no
                                                  limit. (default: 512)
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

    @Test("A first word that is no subcommand names the subcommands, the nearest first, and a scenario file says how to run it; exit 2; scenesim help run still helps")
    func unknownSubcommand() throws {
        let folder = try TempFolder()
        let list = "Subcommands: run, test, repl, explore, scaffold, check-model (scenesim --help says what each does)\n"

        let typo = try BuiltBinary.run(["tset", "scenarios"], in: folder.path)
        let file = try BuiltBinary.run(["tour.lua"], in: folder.path)
        let timeline = try BuiltBinary.run(["timeline"], in: folder.path)
        let help = try BuiltBinary.run(["help", "run"], in: folder.path)

        // Before: "Error: 2 unexpected arguments: 'tset', 'scenarios'" and the root usage.
        #expect(typo == ProcessResult(status: 2, stdout: "", stderr: "Error: scenesim has no subcommand 'tset'; did you mean 'test'?\n" + list))
        #expect(file == ProcessResult(status: 2, stdout: "", stderr: "Error: scenesim has no subcommand 'tour.lua'; to run a scenario: scenesim run tour.lua\n" + list))
        #expect(timeline.stderr.hasPrefix("Error: scenesim has no subcommand 'timeline'; timelines are drawn by scenesim run FILE --timeline OUT.svg"))
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Run one scenario file."))
    }
}
