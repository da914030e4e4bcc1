import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// `s.k = v` that keeps the type and size of a cached value is buffered in C and reaches the
/// simulator before Swift next runs. A script must not be able to tell: every case below runs
/// twice, once as written and once with `sim.now()` (a Swift call, so a flush) after every
/// line, which hands each write over on its own, and both runs must print the same bytes.
@Suite("Buffered storage writes")
struct BufferedWriteTests {
    /// The script as written, and with a Swift call (`sim.now()`) between any two statements:
    /// after every line, after every `;` and at the start of every `do` block. The cases keep
    /// `;` and ` do ` out of strings and `return` on lines of its own.
    private func runBothWays(_ source: String, options: ScenarioOptions = ScenarioOptions()) -> (buffered: ScriptRun, flushed: ScriptRun) {
        let flushedSource = source.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> String in
                let line = String(line).replacing("; ", with: "; sim.now(); ").replacing(" do ", with: " do sim.now() ")
                return line.trimmingPrefix(while: \.isWhitespace).hasPrefix("return") ? line : line + " sim.now()"
            }
            .joined(separator: "\n")
        return (runScript(source, options: options), runScript(flushedSource, options: options))
    }

    @Test("A run of writes then a crash: the last value was written, and the crash loses it unsaved")
    func crashAfterLoop() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{}
            local s = app.front.storage
            s.k = 0
            app:background(); app:foreground()
            for i = 1, 1000 do s.k = i end
            print(s.k, app.front.saved.k)
            sim.settle()
            app:terminate("crash")
            app:launch()
            print(app.front.storage.k)
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.contains("1000\t0\n"))
        #expect(buffered.output.contains("storage lost: unsaved writes to k\n"))
        #expect(buffered.output.hasSuffix("\n0\n"))
    }

    @Test("A write to a cached key of a suspended app fails at its own line, as an unbuffered one does (found by scenesim explore)")
    func suspendedAppRefusesCachedWrite() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{ platform = "iphone" }
            sim.settle()
            local s = app.front.storage
            s.n = 1
            print(s.n)
            app:background(); sim.advance(10)
            print(pcall(function() s.n = 2 end))
            print(s.n, app.suspended)
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.contains("false\ttest.lua:7: writing storage: the app is suspended (since 5.500 s"), "\(buffered)")
        #expect(buffered.output.hasSuffix("\n1\ttrue\n"))
        #expect(buffered.error == nil)
    }

    @Test("With storage_save = every_write a run of writes is saved, and a crash loses nothing")
    func everyWrite() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{ policy = { storage_save = "every_write" } }
            sim.settle()
            local s = app.front.storage
            s.k = 0
            for i = 1, 1000 do s.k = i end
            print(app.front.saved.k)
            app:terminate("crash")
            app:launch()
            print(app.front.storage.k)
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.contains("1000\n"))
        #expect(!buffered.output.contains("storage lost"))
        #expect(buffered.output.hasSuffix("\n1000\n"))
    }

    @Test("Writes that end where they began still count as a change: the background saves them")
    func backAndForth() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{}
            local s = app.front.storage
            s.k = 1
            app:background(); app:foreground()
            s.k = 2
            s.k = 1
            app:background()
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.components(separatedBy: "storage saved: 1 key").count == 3)
    }

    @Test("Writes of the value already there change nothing: the background has nothing to save")
    func sameValue() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{}
            local s = app.front.storage
            s.k = 1; s.f = 0.0; s.b = true; s.t = "ab"
            app:background(); app:foreground()
            for _ = 1, 10 do s.k = 1; s.f = -0.0; s.b = true; s.t = "ab" end
            app:background()
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.components(separatedBy: "storage saved").count == 2)
    }

    @Test("Changes of type or size, NaN, tables and deletes take the checked path, with their errors at the line")
    func checkedWrites() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{}
            local s = app.front.storage
            s.k = 1
            s.k = 2.5
            s.k = 3.5
            s.k = "abc"
            s.k = "abcd"
            s.k = "abce"
            s.k = "\\u{e9}ce"
            s.k = true
            print(pcall(function() s.k = 0/0 end))
            print(pcall(function() s.k = {} end))
            print(s.k, math.type(s.k))
            s.k = nil
            print(s.k)
            s.k = 7
            print(s.k, math.type(s.k), s.keys and "method")
            print(pcall(function() s.keys = 1 end))
            """)
        #expect(buffered == flushed)
        #expect(buffered.error == nil)
        #expect(buffered.output.contains("false\ttest.lua:11: storage key \"k\": NaN cannot be stored"))
        #expect(buffered.output.contains("false\ttest.lua:12: storage key \"k\": cannot store a table"))
        #expect(buffered.output.contains("\ntrue\tnil\n"))
        #expect(buffered.output.contains("\nnil\n7\tinteger\tmethod\n"))
        #expect(buffered.output.contains("false\ttest.lua:18: cannot assign to 'keys'"))
    }

    @Test("The size warning starts and ends at the write that crosses the threshold")
    func sizeWarning() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{ policy = { storage_warn_bytes = 12 } }
            local s = app.front.storage
            s.t = "aaaa"
            for i = 1, 5 do s.t = string.rep("b", 4) end
            s.t = string.rep("c", 20)
            print("over")
            for i = 1, 5 do s.t = string.rep(tostring(i), 20) end
            s.t = "d"
            print("under")
            s.t = string.rep("e", 20)
            print("over again")
            """)
        #expect(buffered == flushed)
        let warnings = buffered.output.split(separator: "\n").filter { $0.contains("warning") || !$0.hasPrefix("[") }
        #expect(warnings.count == 5, "\(buffered.output)")
        #expect(warnings[1] == "over" && warnings[2] == "under" && warnings[4] == "over again", "\(warnings)")
    }

    @Test("A write to a cached key of a disconnected or discarded window fails at its line")
    func deadScene() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "integer" } } }
            local w = app:open_window("doc", 1)
            local s = w.storage
            s.k = 1
            app:background()
            w:disconnect()
            print(pcall(function() s.k = 2 end))
            app:terminate("user")
            app:launch()
            print(pcall(function() s.k = 3 end))
            """)
        #expect(buffered == flushed)
        #expect(buffered.output.contains("false\ttest.lua:7: writing storage: doc#1 is disconnected"))
        #expect(buffered.output.contains("false\ttest.lua:10: "))
    }

    @Test("Hooks, restore hooks and coroutines see and make writes as plain code does")
    func nestedCode() {
        let (buffered, flushed) = runBothWays(
            """
            local app = sim.launch{}
            local s = app.front.storage
            s.k = 1
            app:on("scene_phase", function(w, old, new)
              if new == "background" then w.storage.k = w.storage.k + 100 end
            end)
            app:on("restore", function(w)
              print("restore", pcall(function() w.storage.k = 5 end))
              return true
            end)
            for i = 1, 10 do s.k = i end
            app:background()
            print(s.k, app.front.saved.k)
            local co = coroutine.wrap(function() for i = 1, 10 do s.k = s.k + 1 end; coroutine.yield() end)
            co()
            print(s.k)
            app:terminate("system")
            app:launch()
            print(app.front.storage.k)
            """)
        #expect(buffered == flushed)
        // The hook runs at the scene's move to background, before its storage is saved
        // (semantics 9.3), so 110 is saved.
        #expect(buffered.output.contains("110\t110\n"))
        #expect(buffered.output.contains("\n120\n"))
        #expect(buffered.output.contains("restore\tfalse\ttest.lua:8: cannot change the simulation from inside a restore hook"))
        #expect(buffered.output.contains("storage lost: unsaved writes to k\n"))
        // A system kill loses what was written after the background: the relaunch has 110.
        #expect(buffered.output.hasSuffix("\n110\n"))
        #expect(buffered.error == nil)
    }

    @Test("Writes before a runtime error still reach the simulator")
    func errorAfterWrites() {
        let options = ScenarioOptions(trace: .off)
        var output = ""
        let host = ScriptHost(options: options, output: { output += String(decoding: $0, as: UTF8.self) })
        #expect(throws: (any Error).self) {
            try host.run(
                """
                app = sim.launch{}
                s = app.front.storage
                s.k = 0
                for i = 1, 10 do s.k = i end
                error("stop")
                """, chunkName: "@test.lua")
        }
        _ = try? host.run("print(app.front.saved.k); app:background(); print(app.front.saved.k)", chunkName: "@more.lua")
        // Never saved before the error; the background saves the last value written.
        #expect(output == "nil\n10\n")
    }
}
