import Foundation
import Testing

/// `scenesim run --timeline`: the picture a user asks for, in the format its extension names.
@Suite("scenesim run --timeline")
struct TimelineCommandTests {
    static let killAndRestore = """
        local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "integer" } } }
        sim.settle()
        app:open_window("doc", 1)
        app:background()
        app:terminate("system")
        app:launch()
        print("done")

        """

    @Test("docs/tour-timeline.svg, the README's picture, is what the command draws for scenarios/tour.lua")
    func readmePictureIsCurrent() throws {
        let folder = try TempFolder()
        let out = folder.path + "/tour.svg"
        let result = try BuiltBinary.run(["run", "--timeline", out, "--timeline-axis", "steps", "scenarios/tour.lua"], in: packageRoot.path)
        try #require(result.status == 0, "\(result)")
        let drawn = try String(contentsOfFile: out, encoding: .utf8)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/tour-timeline.svg"), encoding: .utf8)
        #expect(drawn == committed, "regenerate it: scenesim run --timeline docs/tour-timeline.svg --timeline-axis steps scenarios/tour.lua")
    }

    @Test("--timeline - writes the text lanes to standard output instead of the trace; print output stays")
    func textOnStandardOutput() throws {
        let folder = try TempFolder(["k.lua": Self.killAndRestore])
        let result = try BuiltBinary.run(["run", "--timeline", "-", "k.lua"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("done\ntimeline: 20 events, 2 launches on ipados"))
        #expect(!result.stdout.contains("[   0.000]"), "no trace line")
        #expect(result.stdout.contains("\nmarks       L            KL\n"))
    }

    @Test("--timeline - with --trace jsonl is a usage error: standard output would mix text lanes with JSON lines")
    func textLanesAndJSONLines() throws {
        let folder = try TempFolder(["k.lua": Self.killAndRestore])
        let result = try BuiltBinary.run(["run", "--trace", "jsonl", "--timeline", "-", "k.lua"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "Error: --timeline - writes text lanes to standard output instead of the trace, so --trace jsonl would have no trace there; give --timeline FILE (.txt, .svg or .json) to keep the JSON Lines trace, or drop --trace jsonl\n"
            ), "\(result)")
    }

    @Test("an extension that names no picture is a usage error that lists the choices")
    func unknownExtension() throws {
        let folder = try TempFolder(["k.lua": Self.killAndRestore])
        let result = try BuiltBinary.run(["run", "--timeline", "out.png", "k.lua"], in: folder.path)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "Error: --timeline out.png: the extension says which picture to draw; give a .svg picture, .json (Chrome trace for ui.perfetto.dev), .txt text lanes, or - for the text lanes on standard output instead of the trace\n"
            ))
    }

    @Test("a file that cannot be written exits 2 naming it, after the scenario's output")
    func unwritable() throws {
        let folder = try TempFolder(["k.lua": Self.killAndRestore, "file": ""])
        let result = try BuiltBinary.run(["run", "--trace", "off", "--timeline", "file/t.svg", "k.lua"], in: folder.path)
        #expect(result == ProcessResult(status: 2, stdout: "done\n", stderr: "scenesim: cannot write file/t.svg: Not a directory\n"))
    }

    @Test("a write that fails midway (the file size limit standing in for a full disk) leaves no file, old or truncated")
    func failedWriteLeavesNoFile() throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TempFolder(["k.lua": Self.killAndRestore, "old.svg": "reviewed"])
        for target in ["t.svg", "old.svg"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // SIGXFSZ ignored, so a write past the limit fails with EFBIG instead of killing the process.
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" run --trace off --timeline \(target) k.lua 2>err", binary.path]
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let stderr = try String(contentsOfFile: folder.path + "/err", encoding: .utf8)
            #expect(process.terminationStatus == 2)
            #expect(stderr == "scenesim: cannot write \(target): File too large\n")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/t.svg"))
        #expect(try String(contentsOfFile: folder.path + "/old.svg", encoding: .utf8) == "reviewed")
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        #expect(strays.isEmpty)
    }

    @Test("a picture past --max-memory is refused with exit 2 and what to do; no file is written")
    func pictureTooLarge() throws {
        let folder = try TempFolder(["many.lua": "local app = sim.launch { scenes = { { id = \"doc\" } } }\nfor _ = 1, 1000 do app:open_window(\"doc\") end\nprint(\"done\")\n"])
        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-memory", "1", "--timeline", "t.txt", "many.lua"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.stdout == "done\n")
        #expect(result.stderr.hasPrefix("scenesim: --timeline t.txt: the text timeline (1003 lanes, "))
        #expect(
            result.stderr.hasSuffix(
                " events) would take more than the memory limit (1 MiB); draw a shorter run or fewer windows, or raise the limit with --max-memory MiB (0 for none)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/t.txt"))
    }

    @Test(
        "the recording a picture is drawn from counts what its events hold: notes of a MiB each pass --max-memory and are refused, not kept (they held 1.7 GB under --max-memory 64)"
    )
    func recordingCountsNotes() throws {
        let folder = try TempFolder(["notes.lua": "sim.launch{}\nlocal s = string.rep(\"x\", 1024 * 1024)\nfor _ = 1, 40 do sim.log(s) end\nprint(\"done\")\n"])
        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-memory", "8", "--timeline", "t.svg", "notes.lua"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.stdout == "done\n")
        #expect(result.stderr.hasPrefix("scenesim: --timeline t.svg: the run's events (more than "), "\(result)")
        #expect(
            result.stderr.hasSuffix(
                " kept for the timeline) would take more than the memory limit (8 MiB); draw a shorter run or fewer windows, or raise the limit with --max-memory MiB (0 for none)\n"
            ), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/t.svg"))
    }

    /// The Chrome trace of a run, parsed.
    static func chromeEvents(_ source: String) throws -> [[String: Any]] {
        let folder = try TempFolder(["k.lua": source])
        let result = try BuiltBinary.run(["run", "--trace", "off", "--timeline", "t.json", "k.lua"], in: folder.path)
        try #require(result.status == 0, "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/t.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["traceEvents"] as? [[String: Any]])
    }

    @Test("the Chrome trace: every event has ph, ts, pid, tid; slices on a lane never overlap; one lane per window; flows pair up")
    func chromeTraceIsWellFormed() throws {
        let events = try Self.chromeEvents(Self.killAndRestore + "app:open_window('doc', 2)\napp:terminate('crash')\napp:launch()\n")
        for event in events {
            for key in ["ph", "ts", "pid", "tid"] { #expect(event[key] != nil, "\(key) missing in \(event)") }
        }
        var slices: [String: [(Int, Int)]] = [:]
        for event in events where event["ph"] as? String == "X" {
            let lane = "\(event["pid"]!)/\(event["tid"]!)"
            slices[lane, default: []].append((event["ts"] as! Int, event["dur"] as! Int))
            #expect((event["args"] as? [String: Any])?["source"] as? String != nil, "no source line: \(event)")
        }
        for (lane, list) in slices {
            let sorted = list.sorted { $0.0 < $1.0 }
            for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(a.0 + a.1 <= b.0, "overlap on \(lane)") }
        }
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        let names = threads.map { "\($0["pid"]!):\(($0["args"] as! [String: Any])["name"]!)" }
        #expect(Set(names).count == names.count, "one lane per window per launch: \(names)")
        #expect(Set(threads.map { $0["tid"] as! Int }).count == threads.count, "tids are unique across launches")
        let tids = threads.map { $0["tid"] as! Int }
        #expect(tids == tids.sorted())
        #expect(names.contains("1:doc#1") && names.contains("2:doc#1") && names.contains("2:doc#2"))
        let starts = events.filter { $0["ph"] as? String == "s" }.map { $0["id"] as! Int }
        let finishes = events.filter { $0["ph"] as? String == "f" }.map { $0["id"] as! Int }
        #expect(!starts.isEmpty && starts.sorted() == finishes.sorted())
    }
}
