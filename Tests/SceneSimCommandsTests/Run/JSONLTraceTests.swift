import Foundation
import Testing

/// `scenesim run --trace jsonl`: every line of standard output is one JSON object that the
/// published schema (docs/trace-event.schema.json) accepts — trace events and `print` alike.
@Suite("JSON Lines trace against its published schema")
struct JSONLTraceTests {
    /// A scenario that makes every kind of event at least once (the iPhone one adds the warning
    /// only a one-window platform gives, the model one a declared model's, the process one the
    /// process's events and the launches and terminations they cause, the Mac one the Dock's).
    static let everyEvent = """
        local app = sim.launch {
          scenes = { { id = "main" }, { id = "doc", value = "string" } },
          routes = { doc = "doc" },
          session = { user = "ada" },
          policy = { storage_warn_bytes = 8 },
        }
        sim.settle()
        print({}, true, "tab\\tnul\\0")
        print(true)
        print("{}")
        sim.log("a note")
        app:effect("ApiClient.send@Net.swift:4", "body", 1.5, nil, { 1 })
        app.windows[1]:effect("Store.load")
        app.defaults.theme = "dark"
        app.defaults.theme = nil
        app:open_url("app://doc/7")
        app:open_window("doc", "7")
        app.front.storage.big = "0123456789"
        app:transition("loading")
        sim.network(false)
        app:background()
        app:foreground()
        sim.advance(1)
        sim.network(true)
        app:logout()
        app:open_url("app://doc/8")
        app:login { user = "bob" }
        sim.server.revoke("bob")
        app:open_window("doc", "9"):close()
        app.front.storage.x = 1
        app:terminate("crash")
        app:on("restore", function() return false end)
        app:launch()
        app:on("restore", nil)
        app:background()
        app.windows[1]:disconnect()
        app:terminate("user")
        app:launch()

        """
    static let iphone = "local app = sim.launch { platform = \"iphone\" }\napp:open_window(\"main\")\n"
    /// A declared model with a state no transition reaches (its warning), a loading screen that
    /// flickers, and a timer a crash ends unfinished.
    static let model = """
        local app = sim.launch { model = {
          states = { idle = {}, orphan = {}, spin = { loading = true } }, initial = "idle",
          transitions = { idle = { "spin" }, spin = { "idle" } },
        } }
        app:transition("spin")
        app:transition("idle")
        app:after(5, function() end)
        app:terminate("crash")

        """
    /// An iPhone app's process: memory loss, suspension, background tasks and the watchdog,
    /// background refresh and its cancellation by a force quit, launches caused by a
    /// notification, a URL and an activity, memory warnings (one not delivered), an update and
    /// a value dropped after it, the lock and a prewarmed launch; with `-- trace: memory`, its memory writes.
    static let process = """
        -- trace: memory
        local app = sim.launch {
          platform = "iphone",
          model = {
            states = { ready = {} }, initial = "ready",
            on_refresh = function(a, task)
              a:schedule_refresh(3600)  -- and no expiration handler: completed at expiry
            end,
            on_notification = function() end,
            on_activity = function() return true end,
            on_memory_warning = function() end,
            on_restore_value = function() return nil end,
          },
        }
        app.memory.tab = "feed"
        app.memory.queue = { 7, { id = 42 } }
        app.front.memory.draft = "hi"
        app:background()
        app.front:disconnect()
        sim.advance(10)
        app:foreground()
        app.front.memory.draft = "hi"
        local upload = app:begin_background_task("upload")
        app:begin_background_task("sync", function() end)
        app:background()
        sim.advance(8)
        upload:finish()
        sim.advance(40)
        app:open_notification { thread = "t1" }
        app:schedule_refresh(3600)
        app:background()
        app:terminate("system")
        sim.advance(3600)
        sim.system.refresh(app)
        sim.advance(30)
        app:terminate("user")
        app:open_url("app://doc/1")
        app:terminate("crash")
        app:continue_activity("com.example.edit")
        sim.system.memory_warning(app)
        app.front.storage.path = "1/2"
        app:background()
        sim.advance(10)
        sim.system.memory_warning(app)
        app:terminate("system")
        app:update { version = "2.0" }
        app:launch()
        sim.system.lock(app)
        sim.system.unlock(app)
        app.keychain = { token = sim.server.create_session("ada"), accessible = "after_first_unlock" }
        app:terminate("user")
        sim.system.prewarm(app)
        app:launch()

        """
    /// A Mac app: minimise and return, hide, the Dock's reopen, a Quit put off and cancelled,
    /// a Quit after the last window, Force Quit.
    static let mac = """
        local app = sim.launch {
          platform = "macos",
          policy = { quit_when_last_window_closes = function() return false end },
          model = {
            states = { ready = {} }, initial = "ready", on_reopen = function() return true end,
            on_should_quit = function() return "later" end, on_terminate = function() end,
          },
          scenes = { { id = "main" }, { id = "doc", value = "string" } },
        }
        app:terminate("user")
        app:terminate("user")
        app:reply_to_quit(false)
        local doc = app:open_window("doc", "a")
        doc:minimize()
        doc:focus()
        app:hide()
        app:reopen()
        doc:close()
        app.front:close()
        app:reopen()
        app:terminate("user", { keep_windows = true })
        app:reply_to_quit(true)
        app:launch()
        app:terminate("force")

        """

    static func jsonLines() throws -> String {
        let folder = try TempFolder([
            "all.lua": everyEvent, "iphone.lua": iphone, "model.lua": model,
            "process.lua": process, "mac.lua": mac,
        ])
        var lines = ""
        for file in ["all.lua", "iphone.lua", "model.lua", "process.lua", "mac.lua"] {
            let result = try BuiltBinary.run(["run", "--trace", "jsonl", file], in: folder.path)
            try #require(result.status == 0, "\(result)")
            lines += result.stdout
        }
        return lines
    }

    @Test("every line validates against docs/trace-event.schema.json, print output included")
    func everyLineValidates() throws {
        let lines = try Self.jsonLines()
        let validator = Process()
        // python3 from the PATH: the one with jsonschema is Homebrew's (or a venv's) on macOS.
        validator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        validator.arguments = [
            "python3", packageRoot.appendingPathComponent("scripts/lib/validate-jsonl.py").path,
            packageRoot.appendingPathComponent("docs/trace-event.schema.json").path,
        ]
        let input = Pipe(), output = Pipe()
        validator.standardInput = input
        validator.standardOutput = output
        validator.standardError = output
        try validator.run()
        input.fileHandleForWriting.write(Data(lines.utf8))
        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        validator.waitUntilExit()
        #expect(!report.contains("No module named 'jsonschema'"), "install python3-jsonschema: run scripts/bootstrap.sh (on macOS: pip install jsonschema)")
        #expect(validator.terminationStatus == 0, "\(report)")
    }

    @Test("the scenario makes every event kind and warning the schema defines, and print is an event")
    func everyKindIsCovered() throws {
        let lines = try Self.jsonLines().split(separator: "\n")
        var seen: Set<String> = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
            let event = try #require(object["event"] as? String, "no event: \(line)")
            seen.insert(event)
            if event == "warning", let warning = object["warning"] as? String { seen.insert("warning:" + warning) }
        }
        let schemaData = try Data(contentsOf: packageRoot.appendingPathComponent("docs/trace-event.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: schemaData) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        var kinds = Set(definitions.keys).subtracting(["time", "text"])
        let warning = try #require(definitions["warning"] as? [String: Any])
        let warningProperties = try #require(warning["properties"] as? [String: Any])
        let warningNames = try #require((warningProperties["warning"] as? [String: Any])?["enum"] as? [String])
        kinds.formUnion(warningNames.map { "warning:" + $0 })
        #expect(kinds.subtracting(seen).isEmpty, "the test scenario never makes: \(kinds.subtracting(seen).sorted())")
        #expect(seen.subtracting(kinds).isEmpty, "events missing from the schema: \(seen.subtracting(kinds).sorted())")
        #expect(lines.contains(#"{"event":"print","text":"{}\ttrue\ttab\tnul\u0000","time":0.500}"#))
        #expect(lines.contains(#"{"event":"print","text":"{}","time":0.500}"#))
    }
}
