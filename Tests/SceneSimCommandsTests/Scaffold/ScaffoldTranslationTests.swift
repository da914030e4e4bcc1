import Foundation
import Testing

/// The handlers `scenesim scaffold` translates, run as a user runs them: the generated module,
/// unedited, under a scenario.
@Suite("scaffold's translated handlers, end to end")
struct ScaffoldTranslationTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/ScaffoldFixtures").path

    @Test(
        "LedgerApp: defaults, storage and memory writes, windows opened and closed, a delayed task, a background task and a refresh request happen at the events the Swift puts them"
    )
    func ledgerEndToEnd() throws {
        let folder = try TempFolder([
            "ledger.lua": #"""
            -- The LedgerApp fixture's generated module, unedited: its handlers run at their events.
            local app = sim.launch(require "ledger")
            sim.settle()
            local main = app.windows[1]
            print("launch", app.defaults.launchedOnce, app.memory["LedgerStore.launches"], main.memory.editing, main.storage.zoom)
            main.storage.draft = "groceries"
            app:background()
            print("background", main.storage.savedDrafts, app.memory["LedgerStore.pending"], app.memory["LedgerStore.flushed"], app.memory.backgroundCount)
            sim.advance(2)
            print("synced", app.memory["LedgerStore.synced"])
            app:foreground()
            print("url", app:open_url("ledger://entry/42"))
            print("query", app:open_url("ledger://note?text=milk&text=eggs"), app.front, app.front.storage.draft)
            print("activity", app:continue_activity("com.example.ledger.open", { id = "7" }), app.front, app.front.memory.appearances)
            print("opened", app.memory["LedgerStore.opened"])
            app:background()
            sim.advance(3600)
            sim.system.refresh(app)
            print("refresh", app.memory["LedgerStore.refreshCount"])
            """#
        ])
        try folder.write("lib/.keep", "")
        let scaffold = try BuiltBinary.run(["scaffold", Self.fixtures + "/LedgerApp", "-o", "lib/ledger.lua"], in: folder.path)
        #expect(scaffold == ProcessResult(status: 0, stdout: "", stderr: ""), "\(scaffold)")
        let run = try BuiltBinary.run(["run", "ledger.lua"], in: folder.path)
        #expect(
            run
                == ProcessResult(
                    status: 0,
                    stdout: #"""
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] defaults    launchedOnce = true
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active
                        [   0.000] defaults    lastPhase = "inactive->active"
                        launch	true	1	true	2.0
                        [   0.000] main#1      phase active -> inactive
                        [   0.000] app         phase active -> inactive
                        [   0.000] defaults    lastPhase = "active->inactive"
                        [   0.000] main#1      phase inactive -> background
                        [   0.000] main#1      storage saved: 3 keys, 45 bytes
                        [   0.000] app         phase inactive -> background
                        [   0.000] defaults    lastPhase = "inactive->background"
                        [   0.000] app         background task 1 "flush" began
                        [   0.000] app         background task 1 "flush" finished
                        [   0.000] app         background refresh requested, due at 3600.000 s
                        background	1	0	1	1
                        synced	true
                        [   2.000] main#1      phase background -> inactive
                        [   2.000] app         phase background -> inactive
                        [   2.000] defaults    lastPhase = "background->inactive"
                        [   2.000] main#1      phase inactive -> active
                        [   2.000] app         phase inactive -> active
                        [   2.000] defaults    lastPhase = "inactive->active"
                        [   2.000] main#2      connected (new session) -> inactive
                        [   2.000] main#2      phase inactive -> active
                        [   2.000] app         open url ledger://entry/42: handled by main#2
                        [   2.000] entry#1     connected (new session, value "42") -> inactive
                        [   2.000] entry#1     phase inactive -> active
                        [   2.000] main#1      phase active -> inactive
                        [   2.000] main#1      phase inactive -> background
                        [   2.000] main#1      storage saved: 3 keys, 42 bytes
                        url	true
                        [   2.000] main#3      connected (new session) -> inactive
                        [   2.000] main#3      phase inactive -> active
                        [   2.000] main#2      phase active -> inactive
                        [   2.000] main#2      phase inactive -> background
                        [   2.000] main#2      storage saved: 1 key, 12 bytes
                        [   2.000] app         open url ledger://note?text=milk&text=eggs: handled by main#3
                        query	true	main#3	milk
                        [   2.000] main#4      connected (new session) -> inactive
                        [   2.000] main#4      phase inactive -> active
                        [   2.000] entry#1     phase active -> inactive
                        [   2.000] entry#1     phase inactive -> background
                        [   2.000] app         continue activity com.example.ledger.open: handled by main#4
                        [   2.000] entry#1     memory lost (closed): appearances
                        [   2.000] app         sessions discarded (closed by the user): entry#1; didDiscardSceneSessions delivered
                        [   2.000] entry#2     connected (new session, value "7") -> inactive
                        [   2.000] entry#2     phase inactive -> active
                        [   2.000] main#3      phase active -> inactive
                        [   2.000] main#3      phase inactive -> background
                        [   2.000] main#3      storage saved: 3 keys, 40 bytes
                        activity	true	entry#2("7")	1
                        opened	2
                        [   2.000] entry#2     phase active -> inactive
                        [   2.000] main#4      phase active -> inactive
                        [   2.000] app         phase active -> inactive
                        [   2.000] defaults    lastPhase = "active->inactive"
                        [   2.000] entry#2     phase inactive -> background
                        [   2.000] main#4      phase inactive -> background
                        [   2.000] main#4      storage saved: 1 key, 12 bytes
                        [   2.000] app         phase inactive -> background
                        [   2.000] defaults    lastPhase = "inactive->background"
                        [   2.000] app         background task 2 "flush" began
                        [   2.000] app         background task 2 "flush" finished
                        [   2.000] app         background refresh requested, due at 3602.000 s
                        [   2.000] entry#2     memory lost (closed): appearances
                        [   2.000] app         sessions discarded (closed by the user): entry#2; didDiscardSceneSessions delivered
                        [   7.000] app         suspended
                        [3602.000] app         resumed (suspended 3595.000 s)
                        [3602.000] app         background task 3 "refresh" began
                        [3602.000] app         background task 3 "refresh" finished
                        [3602.000] app         suspended
                        refresh	1

                        """#, stderr: ""), "\(run)")
        let check = try BuiltBinary.run(["check-model", "lib/ledger.lua", "--source", Self.fixtures + "/LedgerApp"], in: folder.path)
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: ""), "\(check)")
    }

    @Test(
        "ClockApp: the root view's onAppear, task, Timer.publish and onDisappear run when its window connects and disconnects; the task's and the timer's pending work is cancelled at disconnect; Timer.scheduledTimer repeats whatever the window does"
    )
    func clockEndToEnd() throws {
        let folder = try TempFolder([
            "clock.lua": #"""
            -- The ClockApp fixture's generated module: what its root view starts when the window connects stops when it disconnects.
            local app = sim.launch(require "clock")
            local w = app.windows[1]
            sim.advance(25)
            print(w.storage.ticks, w.memory.loaded, app.defaults.appearances, app.memory["Poller.polls"])
            sim.advance(10)
            print(w.storage.ticks, app.memory["Poller.polls"])
            app:background()
            w:disconnect()
            print(app.memory["Poller.stops"])
            sim.advance(3)
            w:focus()
            print(app.defaults.appearances)
            sim.advance(31)
            print(w.storage.ticks, w.memory.loaded, app.memory["Poller.polls"])
            """#
        ])
        try folder.write("lib/.keep", "")
        let scaffold = try BuiltBinary.run(["scaffold", Self.fixtures + "/ClockApp", "-o", "lib/clock.lua"], in: folder.path)
        #expect(scaffold == ProcessResult(status: 0, stdout: "", stderr: ""), "\(scaffold)")
        let run = try BuiltBinary.run(["run", "clock.lua"], in: folder.path)
        #expect(
            run
                == ProcessResult(
                    status: 0,
                    stdout: #"""
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] clock#1     connected (new session) -> inactive
                        [   0.000] defaults    appearances = 1
                        [   0.000] clock#1     phase inactive -> active
                        [   0.000] app         phase inactive -> active
                        2	true	1	nil
                        3	1
                        [  35.000] clock#1     phase active -> inactive
                        [  35.000] app         phase active -> inactive
                        [  35.000] clock#1     phase inactive -> background
                        [  35.000] clock#1     storage saved: 1 key, 13 bytes
                        [  35.000] app         phase inactive -> background
                        [  35.000] clock#1     disconnected (session kept)
                        [  35.000] clock#1     memory lost (disconnected): loaded, poller
                        1
                        [  38.000] clock#1     connected (reconnected) -> inactive
                        [  38.000] defaults    appearances = 2
                        [  38.000] app         phase background -> inactive
                        [  38.000] clock#1     phase inactive -> active
                        [  38.000] app         phase inactive -> active
                        2
                        6	true	3

                        """#, stderr: ""), "\(run)")
    }

    @Test("a refresh task's expirationHandler, set in the registered closure, is the model's on_refresh_expired: it runs when the refresh's time runs out")
    func refreshExpiration() throws {
        let folder = try TempFolder([
            "lib/.keep": "",
            "r.lua":
                "local app = sim.launch(require \"r\")\napp:background()\napp:schedule_refresh(0)\nsim.advance(10)\nsim.system.refresh(app)\nsim.advance(40)\nprint(app.memory[\"Store.started\"], app.memory[\"Store.expired\"])\n",
            "Src/App.swift": """
            @main struct RefreshApp: App {
                init() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "r", using: nil) { task in
                        task.expirationHandler = {
                            Store.shared.expired += 1
                            task.setTaskCompleted(success: false)
                        }
                        Store.shared.started += 1
                    }
                }
                var body: some Scene { WindowGroup(id: "main") { Text("") } }
            }
            @Observable final class Store {
                static let shared = Store()
                var started = 0
                var expired = 0
            }
            """,
        ])
        let scaffold = try BuiltBinary.run(["scaffold", "Src", "-o", "lib/r.lua"], in: folder.path)
        #expect(scaffold == ProcessResult(status: 0, stdout: "", stderr: ""), "\(scaffold)")
        let run = try BuiltBinary.run(["run", "r.lua"], in: folder.path)
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stdout.contains(
                "[  35.000] app         background task 1 \"refresh\" expiring: 5.000 s of background time left; its expiration handler runs\n[  35.000] app         background task 1 \"refresh\" finished\n"
            ), "\(run)")
        #expect(run.stdout.hasSuffix("1\t1\n"), "\(run)")
    }

    @Test(
        "a Task that sleeps in a window's handler writes that window's state later only if the window is still there, as SwiftUI drops a write to a gone view's state; another window's write happens"
    )
    func deferredWindowState() throws {
        let folder = try TempFolder([
            "lib/.keep": "",
            "late.lua":
                "local app = sim.launch(require \"m\")\nlocal a = app.windows[1]\nlocal b = app:open_window(\"main\")\nsim.settle()\napp:background()\nb:close()\nsim.advance(3)\nprint(a.storage.draft, a.memory.count, b.alive)\n",
            "Src/App.swift": #"""
            @main struct LateApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
            struct Root: View {
                @Environment(\.scenePhase) var phase
                @SceneStorage("draft") var draft = ""
                @State var count = 0
                var body: some View {
                    Text(draft).onChange(of: phase) { _, new in
                        guard new == .background else { return }
                        Task {
                            try await Task.sleep(for: .seconds(3))
                            count += 1
                            draft = "saved \(count)"
                        }
                    }
                }
            }
            """#,
        ])
        let scaffold = try BuiltBinary.run(["scaffold", "Src", "-o", "lib/m.lua"], in: folder.path)
        #expect(scaffold == ProcessResult(status: 0, stdout: "", stderr: ""), "\(scaffold)")
        let run = try BuiltBinary.run(["run", "--trace", "off", "late.lua"], in: folder.path)
        #expect(run == ProcessResult(status: 0, stdout: "saved 1\t1\tfalse\n", stderr: ""), "\(run)")
    }

    @Test(
        "every fixture's generated module loads with the real Lua, and regenerating it gives the same bytes",
        arguments: ["NotesApp", "PhotoApp", "SplitBodyApp", "LedgerApp", "CourierApp", "ClockApp"])
    func everyModuleLoads(app: String) throws {
        let folder = try TempFolder(["load.lua": "local m = require \"m\"\nprint(type(m.model), #m.scenes > 0)\n"])
        try folder.write("lib/.keep", "")
        let first = try BuiltBinary.run(["scaffold", Self.fixtures + "/" + app, "-o", "lib/m.lua"], in: folder.path)
        #expect(first.status == 0, "\(first)")
        let again = try BuiltBinary.run(["scaffold", Self.fixtures + "/" + app], in: folder.path)
        #expect(again.stdout == (try String(contentsOfFile: folder.path + "/lib/m.lua", encoding: .utf8)))
        let load = try BuiltBinary.run(["run", "--trace", "off", "load.lua"], in: folder.path)
        #expect(load == ProcessResult(status: 0, stdout: "table\ttrue\n", stderr: ""), "\(load)")
    }

    @Test("bad input: a file that does not parse, a 10 MB file and hostile names give warnings and a module that loads and launches")
    func badInputLoads() throws {
        let filler = String(repeating: "// filler line that makes the file large, 64 bytes of comment.\n", count: 10 * 1024 * 1024 / 64)
        let folder = try TempFolder([
            "launch.lua": "local app = sim.launch(require \"m\")\nsim.settle()\napp:background()\nprint(app.windows[1].storage[\"key ]] \\\"q\\\"\"])\n",
            "lib/.keep": "",
            "Src/App.swift": #"""
            @main struct OddApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
            struct Root: View {
                @Environment(\.scenePhase) var phase
                @SceneStorage("key ]] \"q\"") var odd = ""
                var body: some View {
                    Text("").onChange(of: phase) { _, new in
                        if new == .background { odd = "a\0b\u{1B}]]" + "\(1 + 2)" }
                        let it = Undeclared.thing(of: { x in x }) ?? 3
                        _ = it
                    }
                }
            }
            """#,
            "Src/Big.swift": filler,
            "Src/Broken.swift": "struct Broken: View { var body: some View { Text(\"\").onChange(of: { }) { ) ) } }\n",
        ])
        let scaffold = try BuiltBinary.run(["scaffold", "Src", "-o", "lib/m.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")
        #expect(scaffold.stderr.contains("Broken.swift:1: warning: this file does not parse here"), "\(scaffold)")
        let run = try BuiltBinary.run(["run", "--trace", "off", "launch.lua"], in: folder.path)
        #expect(run == ProcessResult(status: 0, stdout: "a\0b\u{1B}]]3\n", stderr: ""), "\(run)")
    }

    @Test("CourierApp: the effects are traced at their events with their Swift file:line")
    func courierEffects() throws {
        let folder = try TempFolder([
            "courier.lua":
                "local app = sim.launch(require \"courier\")\nsim.settle()\napp:background()\nprint(app.memory[\"SessionModel.lastSync\"], app.memory[\"SessionModel.unread\"], app.defaults.launchCount)\n"
        ])
        try folder.write("lib/.keep", "")
        let scaffold = try BuiltBinary.run(["scaffold", Self.fixtures + "/CourierApp", "-o", "lib/courier.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")
        let run = try BuiltBinary.run(["run", "courier.lua"], in: folder.path)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("effect Telemetry.start(\"launch\") (CourierApp.swift:9)"), "\(run)")
        #expect(run.stdout.contains("effect MailClient.fetchUnread(\"inbox\") (SessionModel.swift:12)"), "\(run)")
        #expect(run.stdout.contains("effect MailClient.send("), "\(run)")
        #expect(run.stdout.contains("effect Snapshot.init(\"inbox\") (InboxView.swift:17)"), "\(run)")
        #expect(run.stdout.hasSuffix("active #1\t0\t1\n"), "\(run)")
    }
}
