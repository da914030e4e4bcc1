import Foundation
import Testing

/// `scenesim run --trace jsonl`: every line of standard output is one JSON object that the
/// published schema (docs/trace-event.schema.json) accepts — trace events and `print` alike.
@Suite("JSON Lines trace against its published schema")
struct JSONLTraceTests {
    /// A scenario that makes every kind of event at least once (the iPhone one adds the warning
    /// only a one-window platform gives, the model one a declared model's).
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
    /// A declared model with a state no transition reaches (its warning).
    static let model = "sim.launch { model = { states = { idle = {}, orphan = {} }, initial = \"idle\" } }\n"

    static func jsonLines() throws -> String {
        let folder = try TempFolder(["all.lua": everyEvent, "iphone.lua": iphone, "model.lua": model])
        var lines = ""
        for file in ["all.lua", "iphone.lua", "model.lua"] {
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
        validator.arguments = ["python3", packageRoot.appendingPathComponent("scripts/lib/validate-jsonl.py").path,
                               packageRoot.appendingPathComponent("docs/trace-event.schema.json").path]
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
