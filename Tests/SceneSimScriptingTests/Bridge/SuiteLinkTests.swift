import Foundation
import LuaKit
import SceneSimExplore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 43: git commits symlinks, so a suite's `lib/` can hold a link to any file, a FIFO or a
/// huge file. `require` and a script's `sim.explore.load` check the file they open, not the
/// path's text: inside the suite, a regular file, within 512 MiB.
@Suite("require and sim.explore.load read only regular files inside the suite")
struct SuiteLinkTests {
    private func link(_ folder: ScenarioFolder, _ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.file(name), withDestinationPath: destination)
    }

    private func run(_ folder: ScenarioFolder, _ name: String) -> (stdout: String, stderr: String) {
        let run = ScenarioRunner.capture(path: folder.file(name), displayName: name, options: ScenarioOptions(trace: .off).installing(.explore))
        return (String(decoding: run.stdout, as: UTF8.self), String(decoding: run.stderr, as: UTF8.self))
    }

    /// Opens `fifo` for writing as soon as a reader waits on it (within `seconds`) and writes
    /// `text`: a reader that blocked on the FIFO then gets `text` instead of hanging the test.
    private func unblockLater(_ fifo: String, writing text: String, within seconds: Double = 5) {
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                if descriptor >= 0 {
                    _ = text.withCString { write(descriptor, $0, strlen($0)) }
                    close(descriptor)
                    return
                }
                usleep(50_000)
            }
        }
    }

    @Test("require refuses a module in lib/ linked out of the suite (a secret, /dev/zero) without a byte of it; a link to another file of the suite still loads")
    func requireChecksTheFileOpened() throws {
        let folder = try ScenarioFolder([
            "secret.lua": "return 'hunter2'\n",
            "suite/common/shared.lua": "return 'shared inside'\n",
            "suite/phases/main.lua": """
            print(pcall(require, "linked"))
            print(pcall(require, "zero"))
            print((require "shared"))

            """,
        ])
        try FileManager.default.createDirectory(atPath: folder.file("suite/phases/lib"), withIntermediateDirectories: true)
        try link(folder, "suite/phases/lib/linked.lua", to: "../../../secret.lua")
        try link(folder, "suite/phases/lib/zero.lua", to: "/dev/zero")
        // Outside the folder that holds lib/, inside the suite (its root is suite/, as the display name says).
        try link(folder, "suite/phases/lib/shared.lua", to: "../../common/shared.lua")

        let run = ScenarioRunner.capture(path: folder.file("suite/phases/main.lua"), displayName: "phases/main.lua", options: ScenarioOptions(trace: .off).installing(.explore))
        let result = (stdout: String(decoding: run.stdout, as: UTF8.self), stderr: String(decoding: run.stderr, as: UTF8.self))

        let refusal = { (name: String) in
            "module '\(name)': phases/lib/\(name).lua leads outside the suite through a symbolic link, and require reads only files inside it (the folder that holds lib/, or the suite's root); put the module itself there"
        }
        #expect(result.stderr == "")
        #expect(result.stdout == "false\t\(refusal("linked"))\nfalse\t\(refusal("zero"))\nshared inside\n")
        #expect(!result.stdout.contains("hunter2"))
    }

    @Test("require of a FIFO in lib/ is refused at once, never waited on; a file past 512 MiB is refused unread")
    func requireReadsRegularFilesWithinABound() throws {
        let folder = try ScenarioFolder([
            "main.lua": """
            print(pcall(require, "pipe"))
            print(pcall(require, "big"))

            """,
            "lib/big.lua": "",
        ])
        try #require(mkfifo(folder.file("lib/pipe.lua"), 0o644) == 0)
        // Sparse: no disk is used.
        try #require(truncate(folder.file("lib/big.lua"), off_t(ContainedFile.maxBytes + 1)) == 0)
        // Before, require waited on the FIFO for a writer: this one comes, so the test ends.
        unblockLater(folder.file("lib/pipe.lua"), writing: "return 'waited'")

        let result = run(folder, "main.lua")

        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                false\tmodule 'pipe': lib/pipe.lua is not a regular file (a FIFO, a device or a socket); require reads only regular files
                false\tmodule 'big': lib/big.lua is larger than 512 MiB, the most scenesim reads from one file; make it smaller

                """)
    }

    @Test("Source bytes handed to the runner run as the file would (a BOM and a first # line skipped, lines kept), and the file is not opened")
    func sourceBytesRunWithoutTheFile() {
        let source = Array("\u{FEFF}#!/usr/bin/env scenesim\nprint('from the bytes')\nerror('at line 3')\n".utf8)

        let run = ScenarioRunner.capture(path: "/no/such/folder/x.lua", displayName: "x.lua", source: source, options: ScenarioOptions(trace: .off).installing(.explore))

        #expect(String(decoding: run.stdout, as: UTF8.self) == "from the bytes\n")
        #expect(String(decoding: run.stderr, as: UTF8.self).hasPrefix("x.lua:3: at line 3\n"))
    }

    @Test("sim.explore.load refuses a module whose path is inside the suite but whose file is a link out of it, or a FIFO")
    func exploreLoadChecksTheFileOpened() throws {
        let folder = try ScenarioFolder([
            "secret.lua": "return 'hunter2'\n",
            "suite/explore/lock.lua": "return { setup = function() return sim.launch {} end }\n",
            "suite/found/linked.lua": "sim.explore.load(\"../explore/linked.lua\")\n",
            "suite/found/pipe.lua": "sim.explore.load(\"../explore/pipe.lua\")\n",
            "suite/found/inside.lua": "sim.explore.load(\"../explore/alias.lua\").setup() print('loaded')\n",
        ])
        try link(folder, "suite/explore/linked.lua", to: folder.file("secret.lua"))
        try link(folder, "suite/explore/alias.lua", to: "lock.lua")
        try #require(mkfifo(folder.file("suite/explore/pipe.lua"), 0o644) == 0)
        unblockLater(folder.file("suite/explore/pipe.lua"), writing: "return 'waited'")
        func run(_ name: String) -> String {
            let run = ScenarioRunner.capture(path: folder.path + "/suite/" + name, displayName: name, options: ScenarioOptions(trace: .off).installing(.explore))
            return String(decoding: run.stdout + run.stderr, as: UTF8.self)
        }

        let linked = run("found/linked.lua")
        #expect(
            linked.hasPrefix(
                "found/linked.lua:1: sim.explore.load: the exploration module leads outside the scenario's folder, its lib/ folder and its suite through a symbolic link, and a scenario loads modules only from inside them; put the module itself there, or run with --allow-io to load one from anywhere\n"
            ), "\(linked)")
        #expect(!linked.contains("hunter2") && !linked.contains("secret"))
        let pipe = run("found/pipe.lua")
        #expect(
            pipe.hasPrefix(
                "found/pipe.lua:1: sim.explore.load: the exploration module \(folder.path)/suite/explore/pipe.lua is not a regular file (a FIFO, a device or a socket); modules are read only from regular files\n"
            ), "\(pipe)")
        #expect(run("found/inside.lua") == "loaded\n")
    }
}
