import Foundation
@testable import SceneSimScaffold
import Testing

/// The model module of inline Swift sources (one or more files).
private func module(_ files: [(String, String)], platform: String = "ipados") throws -> ModelShape {
    let facts = try Scaffolder().scaffold(files.map { .init(path: $0.0, text: $0.1) }, lookedIn: "test")
    return facts.modelShape(platform: platform)
}

/// The lines from the one that contains `start` through the first after it equal to `end`.
private func section(_ lua: String, from start: String, to end: String) -> String {
    let lines = lua.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.contains(start) }), let last = lines[first...].firstIndex(of: end) else { return "" }
    return lines[first...last].joined(separator: "\n")
}

@Suite("handlers translated from Swift into the generated module (the LedgerApp fixture)")
struct LedgerTranslationTests {
    @Test(
        "a scene's phase handler: the one-parameter closure, a switch over scenePhase, @unknown default dropped, reads with the Swift default, a Double key written as a float, Task.sleep as app:after; never \"disconnected\""
    )
    func scenePhase() throws {
        let lua = try scaffold("LedgerApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "-- Views/LedgerView.swift:15 .onChange(of: phase)", to: "      end,") == """
                        -- Views/LedgerView.swift:15 .onChange(of: phase)
                        if new == "disconnected" then return end
                        if old == "disconnected" then return end
                        swift.ran("Views/LedgerView.swift:15 .onChange(of: phase)")
                        do -- Views/LedgerView.swift:16
                          local subject_1 = new
                          if subject_1 == "inactive" then -- Views/LedgerView.swift:17
                            if ((swift.read(app.defaults, "autosave", true)) and (not ((swift.count(swift.read(w.storage, "draft", "")) == 0)))) then -- Views/LedgerView.swift:18
                              w.storage.savedDrafts = swift.read(w.storage, "savedDrafts", 0) + (1) -- Views/LedgerView.swift:19
                            end
                          elseif subject_1 == "background" then -- Views/LedgerView.swift:21
                            LedgerView_persist(w) -- Views/LedgerView.swift:22
                            ;(function() -- Views/LedgerView.swift:23
                              app:after(2, function() -- Views/LedgerView.swift:24
                                app.memory["LedgerStore.synced"] = true -- Views/LedgerView.swift:25
                              end)
                            end)()
                          elseif subject_1 == "active" then -- Views/LedgerView.swift:27
                            w.memory.editing = true -- Views/LedgerView.swift:28
                            w.storage.zoom = swift.read(w.storage, "zoom", 1.0) + (1.0) -- Views/LedgerView.swift:29
                          end
                        end
                      end,
                """, "\(lua)")
    }

    @Test(
        "initial: true runs the handler when the window connects, with the phase it connects in as both old and new; dismiss() in a scene's root view closes its window; a singleton's property is app.memory[\"Type.property\"]"
    )
    func initialAndDismiss() throws {
        let lua = try scaffold("LedgerApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "-- Views/EntryView.swift:12 .onChange(of: scenePhase)", to: "      end,") == """
                        -- Views/EntryView.swift:12 .onChange(of: scenePhase)
                        if new == "disconnected" then return end
                        local old, new = old, new
                        if old == "disconnected" then old = new end -- initial: true
                        swift.ran("Views/EntryView.swift:12 .onChange(of: scenePhase)")
                        if ((new) == ("active")) then -- Views/EntryView.swift:13
                          w.memory.appearances = swift.read(w.memory, "appearances", 0) + (1) -- Views/EntryView.swift:14
                          app.memory["LedgerStore.opened"] = swift.read(app.memory, "LedgerStore.opened", 0) + (1) -- Views/EntryView.swift:15
                        end
                        if (((new) == ("background")) and ((swift.count(swift.read(w.storage, "entryNote", "")) == 0))) then -- Views/EntryView.swift:17
                          w:close() -- Views/EntryView.swift:18
                        end
                      end,
                """, "\(lua)")
    }

    @Test("onOpenURL: guard on the scheme, the host, openWindow(id:value:) with the last path component, a query item by name with ??; the handler says it handled the URL")
    func openURL() throws {
        let lua = try scaffold("LedgerApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "on_url = function(w, url)", to: "      end,") == """
                      on_url = function(w, url)
                        local app = sim.app
                        -- Views/LedgerView.swift:34 .onOpenURL
                        swift.ran("Views/LedgerView.swift:34 .onOpenURL")
                        if not ((sim.url(url).scheme) == ("ledger")) then -- Views/LedgerView.swift:35
                          return true -- Views/LedgerView.swift:35
                        end
                        if ((sim.url(url).host) == ("entry")) then -- Views/LedgerView.swift:36
                          app:open_window("entry", swift.last_path_component(url)) -- Views/LedgerView.swift:37
                        else
                          w.storage.draft = (function() local v = swift.query_item(url, "text"); if v ~= nil then return v end return "" end)() -- Views/LedgerView.swift:39
                        end
                        return true
                      end,
                """, "\(lua)")
    }

    @Test(
        "the App: its phase handler with a background task and its expiration handler, a followed method with a default argument, init as on_launch with a constant key, the BGTaskScheduler registration as on_refresh"
    )
    func app() throws {
        let lua = try scaffold("LedgerApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "    on_phase = function(app, old, new)", to: "    end,") == """
                    on_phase = function(app, old, new)
                      -- LedgerApp.swift:23 .onChange(of: scenePhase)
                      swift.ran("LedgerApp.swift:23 .onChange(of: scenePhase)")
                      app.defaults.lastPhase = (tostring(old) .. "->" .. tostring(new)) -- LedgerApp.swift:24
                      if not ((new) == ("background")) then -- LedgerApp.swift:25
                        return -- LedgerApp.swift:25
                      end
                      app.memory.backgroundCount = swift.read(app.memory, "backgroundCount", 0) + (1) -- LedgerApp.swift:26
                      local taskID = nil -- LedgerApp.swift:27
                      taskID = app:begin_background_task("flush" or "", function()
                        swift.ran("LedgerApp.swift:28 beginBackgroundTask expirationHandler")
                        swift.end_task(taskID) -- LedgerApp.swift:29
                        taskID = nil -- LedgerApp.swift:30
                      end) -- LedgerApp.swift:28
                      LedgerStore_flush(nil) -- LedgerApp.swift:32
                      swift.end_task(taskID) -- LedgerApp.swift:33
                      LedgerApp_scheduleRefresh(nil, 3600.0) -- LedgerApp.swift:34
                    end,
                """, "\(lua)")
        #expect(
            section(lua, from: "    on_launch = function(app)", to: "    end,") == """
                    on_launch = function(app)
                      -- LedgerApp.swift:10 LedgerApp.init()
                      swift.ran("LedgerApp.swift:10 LedgerApp.init()")
                      app.defaults.launchedOnce = true -- LedgerApp.swift:11
                      app.memory["LedgerStore.launches"] = swift.read(app.memory, "LedgerStore.launches", 0) + (1) -- LedgerApp.swift:12
                      -- registers the model's on_refresh -- LedgerApp.swift:13
                    end,
                """, "\(lua)")
        #expect(
            section(lua, from: "    on_refresh = function(app, task)", to: "    end,") == """
                    on_refresh = function(app, task)
                      -- LedgerApp.swift:13 BGTaskScheduler.shared.register
                      swift.ran("LedgerApp.swift:13 BGTaskScheduler.shared.register")
                      app.memory["LedgerStore.refreshCount"] = swift.read(app.memory, "LedgerStore.refreshCount", 0) + (1) -- LedgerApp.swift:14
                      task:finish() -- LedgerApp.swift:15
                    end,
                """, "\(lua)")
        #expect(
            section(lua, from: "function LedgerApp_scheduleRefresh", to: "end") == """
                function LedgerApp_scheduleRefresh(w, seconds) -- LedgerApp.swift:41 LedgerApp.scheduleRefresh
                  local app = sim.app
                  local request = {} -- LedgerApp.swift:42
                  request.earliestBeginDate = seconds -- LedgerApp.swift:43
                  pcall(function() app:schedule_refresh((request or {}).earliestBeginDate or 0) end) -- LedgerApp.swift:44
                end
                """, "\(lua)")
        #expect(
            section(lua, from: "function LedgerStore_note", to: "end") == """
                function LedgerStore_note(w, count, times) -- LedgerStore.swift:22 LedgerStore.note
                  local app = sim.app
                  if times == nil then times = 1 end
                  app.memory["LedgerStore.pending"] = swift.read(app.memory, "LedgerStore.pending", 0) + ((count) * (times)) -- LedgerStore.swift:23
                end
                """, "\(lua)")
    }

    @Test("the keys translated code uses are declared: the singleton's stored properties in memory, a UserDefaults key in defaults_keys")
    func keysDeclared() throws {
        let shape = try scaffold("LedgerApp").modelShape(platform: "ipados")
        #expect(
            shape.memory.map(\.name) == [
                "backgroundCount", "LedgerStore.launches", "LedgerStore.pending", "LedgerStore.flushed",
                "LedgerStore.refreshCount", "LedgerStore.opened", "LedgerStore.synced",
            ])
        #expect(shape.defaultsKeys.map(\.name) == ["lastPhase", "autosave", "launchedOnce"])
        #expect(shape.translation.untranslated.isEmpty)
        #expect(shape.translation.warnings.isEmpty)
        // Generated code is not for luacheck to judge (a suite may lint its lib/).
        #expect(shape.lua.split(separator: "\n")[2] == "-- luacheck: ignore")
    }

    @Test("regenerating gives the same bytes, Lua and JSON")
    func deterministic() throws {
        for app in ["LedgerApp", "CourierApp", "NotesApp", "PhotoApp"] {
            let first = try scaffold(app), second = try scaffold(app)
            #expect(first.modelShape(platform: "ipados").lua == second.modelShape(platform: "ipados").lua)
            #expect(first.json == second.json)
        }
    }
}

@Suite("effects, followed calls and what does not translate (the CourierApp fixture)")
struct CourierTranslationTests {
    @Test(
        "every other call is an effect named Type.method@File:LINE: app:effect in App code, w:effect in a window's, (w or app):effect in a followed method; a singleton counts as its type, a property by its declared type, a construction as Type.init"
    )
    func effects() throws {
        let lua = try scaffold("CourierApp").modelShape(platform: "ipados").lua
        #expect(lua.contains("        app:effect(\"Telemetry.start@CourierApp.swift:9\", \"launch\") -- CourierApp.swift:9\n"), "\(lua)")
        #expect(lua.contains("    local count = (w or app):effect(\"MailClient.fetchUnread@SessionModel.swift:12\", \"inbox\") -- SessionModel.swift:12\n"), "\(lua)")
        #expect(
            lua.contains("          local snapshot = w:effect(\"Snapshot.init@InboxView.swift:17\", swift.read(w.storage, \"selectedFolder\", \"inbox\")) -- InboxView.swift:17\n"),
            "\(lua)")
        #expect(lua.contains("          w:effect(\"Snapshot.write@InboxView.swift:18\", nil --[[ FileManager.default.temporaryDirectory ]]) -- InboxView.swift:18\n"), "\(lua)")
    }

    @Test("do/catch is a pcall whose failure runs the catch block; the delegate's launch method runs after init in on_launch; UserDefaults.integer(forKey:) reads 0 when unset")
    func doCatchAndDelegate() throws {
        let lua = try scaffold("CourierApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "function SessionModel_sync", to: "end") == """
                function SessionModel_sync(w, reason) -- SessionModel.swift:10 SessionModel.sync
                  local app = sim.app
                  local ok_1, failure_2 = pcall(function() -- SessionModel.swift:11
                    local count = (w or app):effect("MailClient.fetchUnread@SessionModel.swift:12", "inbox") -- SessionModel.swift:12
                    app.memory["SessionModel.unread"] = (function() local v = count; if v ~= nil then return v end return 0 end)() -- SessionModel.swift:13
                    app.memory["SessionModel.lastSync"] = reason -- SessionModel.swift:14
                  end)
                  if not ok_1 then -- SessionModel.swift:15
                    app.memory["SessionModel.lastSync"] = ("failed: " .. (reason)) -- SessionModel.swift:16
                  end
                end
                """, "\(lua)")
        #expect(
            section(lua, from: "    on_launch = function(app)", to: "    end,") == """
                    on_launch = function(app)
                      ;(function()
                        -- CourierApp.swift:8 CourierApp.init()
                        swift.ran("CourierApp.swift:8 CourierApp.init()")
                        app:effect("Telemetry.start@CourierApp.swift:9", "launch") -- CourierApp.swift:9
                      end)()
                      ;(function()
                        -- CourierApp.swift:21 AppDelegate.application
                        swift.ran("CourierApp.swift:21 AppDelegate.application")
                        app.defaults.launchCount = (swift.read(app.defaults, "launchCount", 0)) + (1) -- CourierApp.swift:22
                        return -- CourierApp.swift:23
                      end)()
                    end,
                """, "\(lua)")
    }

    @Test("a Swift string with quotes, ]] and a newline is one escaped Lua string, never code")
    func stringsEscaped() throws {
        let lua = try scaffold("CourierApp").modelShape(platform: "ipados").lua
        #expect(
            lua.contains("  local _ = (w or app):effect(\"MailClient.send@SessionModel.swift:22\", \"read-all \\\"now\\\" ]] -- not code\\n\") -- SessionModel.swift:22\n"),
            "\(lua)")
    }

    @Test("a statement that does not translate is a comment with its file:line and is listed; an expression is nil with a warning; a cycle of calls is a warning")
    func notTranslated() throws {
        let shape = try scaffold("CourierApp").modelShape(platform: "ipados")
        #expect(shape.lua.contains("          -- not translated: repeat { pulls -= 1 } while pulls > 0 (InboxView.swift:19)\n"), "\(shape.lua)")
        #expect(shape.translation.untranslated == [.init(file: "InboxView.swift", line: 19, text: "repeat { pulls -= 1 } while pulls > 0")])
        #expect(
            shape.translation.warnings == [
                "InboxView.swift:18: warning: not translated: FileManager.default.temporaryDirectory; the generated code reads nil there",
                "SessionModel.swift:26: warning: a cycle of calls (SessionModel.relay -> SessionModel.forward -> SessionModel.relay): translated as Lua functions that call each other, as deep as the Swift recurses",
            ])
        let json = try scaffold("CourierApp").json
        #expect(json.contains("\"untranslated\": [\n    { \"file\": \"InboxView.swift\", \"line\": 19, \"text\": \"repeat { pulls -= 1 } while pulls > 0\" }\n  ]"), "\(json)")
    }
}

@Suite("the translator's limits and bad input")
struct TranslatorLimitTests {
    @Test("calls are followed to depth 4 and written once each; past it the call is an effect")
    func depth() throws {
        let shape = try module([
            (
                "App.swift",
                """
                @main struct DeepApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
                struct Root: View {
                    @Environment(\\.scenePhase) var phase
                    @State var n = 0
                    var body: some View { Text("").onChange(of: phase) { a(); a() } }
                    func a() { n += 1; b() }
                    func b() { c() }
                    func c() { d() }
                    func d() { e() }
                    func e() { n = 99 }
                }
                """
            )
        ])
        let lua = shape.lua
        #expect(lua.contains("local Root_a, Root_b, Root_c, Root_d\n"), "\(lua)")
        #expect(
            lua.contains("function Root_d(w) -- App.swift:9 Root.d\n  local app = sim.app\n  local _ = (w or app):effect(\"Root.e@App.swift:9\") -- App.swift:9\nend"), "\(lua)")
        #expect(!lua.contains("function Root_e"))
        #expect(lua.contains("        Root_a(w) -- App.swift:5\n        Root_a(w) -- App.swift:5\n"), "\(lua)")
    }

    @Test("names Lua cannot read are renamed, keys are quoted, and text with NUL, ESC, DEL and ]] stays in escaped strings and comments")
    func hostileNames() throws {
        let shape = try module([
            (
                "App.swift",
                """
                @main struct OddApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
                struct Root: View {
                    @Environment(\\.scenePhase) var phase
                    @SceneStorage("key with \\"quotes\\" ]]") var odd = ""
                    @State var `end` = 0
                    var body: some View {
                        Text("").onChange(of: phase) { old, new in
                            let café = "a\\0b\\u{1B}c\\u{7F}]]"
                            odd = café + "\\n"
                            `end` += 1
                            let local = new
                            Api.send("x]]\\r", local)
                            weird(x: { "]] nested" })
                        }
                    }
                }
                """
            )
        ])
        let lua = shape.lua
        #expect(lua.contains("        local v_caf_c3_a9 = \"a\\000b\\027c\\127]]\" -- App.swift:8\n"), "\(lua)")
        #expect(lua.contains("        w.storage[\"key with \\\"quotes\\\" ]]\"] = (v_caf_c3_a9) .. (\"\\n\") -- App.swift:9\n"), "\(lua)")
        #expect(lua.contains("        w.memory[\"end\"] = swift.read(w.memory, \"end\", 0) + (1) -- App.swift:10\n"), "\(lua)")
        #expect(lua.contains("        local v_local = new -- App.swift:11\n"), "\(lua)")
        #expect(lua.contains("        w:effect(\"Api.send@App.swift:12\", \"x]]\\r\", v_local) -- App.swift:12\n"), "\(lua)")
        #expect(lua.contains("        w:effect(\"weird@App.swift:13\", nil --[=[ { \"]] nested\" } ]=]) -- App.swift:13\n"), "\(lua)")
    }

    @Test("a file that does not parse and a 10 MB file give a module and warnings, no crash")
    func badInput() throws {
        let big = String(repeating: "// filler line that makes the file large, 64 bytes of comment.\n", count: 10 * 1024 * 1024 / 64)
        let shape = try module([
            (
                "App.swift",
                """
                @main struct BigApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
                struct Root: View {
                    @Environment(\\.scenePhase) var phase
                    @SceneStorage("draft") var draft = ""
                    var body: some View { Text("").onChange(of: phase) { draft = "\(String(repeating: "x", count: 1_000_000))" } }
                }
                """
            ),
            ("Big.swift", big),
            ("Broken.swift", "struct Broken: View { var body: some View { Text(\"\").onChange(of: { }) { ) ) } }\n"),
        ])
        #expect(shape.lua.contains("w.storage.draft = \"xxxx"))
        let long = try module([
            (
                "App.swift",
                """
                @main struct LongApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
                struct Root: View {
                    @Environment(\\.scenePhase) var phase
                    @State var n = 0
                    var body: some View { Text("").onChange(of: phase) { n = \(Array(repeating: "n", count: 5_000).joined(separator: " + ")) } }
                }
                """
            )
        ])
        #expect(long.translation.untranslated.count == 1)
        #expect(shape.lua.utf8.count > 1_000_000)
    }
}

@Suite("statements and state the translator reads")
struct TranslatorStatementTests {
    @Test(
        "@Default keys by their Defaults.Keys string, UserDefaults reads with their getters' defaults, openWindow(value:) to the scene of that type, dismissWindow(id:), if let with else, a for loop over a range with continue"
    )
    func statements() throws {
        let shape = try module([
            (
                "App.swift",
                """
                @main struct ShopApp: App {
                    var body: some Scene {
                        WindowGroup(id: "main") { Root() }
                        WindowGroup(id: "order", for: Int.self) { $n in OrderView() }
                        WindowGroup(id: "note", for: String.self) { $s in NoteView() }
                    }
                }
                extension Defaults.Keys {
                    static let autosave = Key<Bool>("autosaveOnBackground", default: true)
                }
                """
            ),
            (
                "Root.swift",
                """
                struct Root: View {
                    @Environment(\\.scenePhase) var phase
                    @Environment(\\.openWindow) var openWindow
                    @Environment(\\.dismissWindow) var dismissWindow
                    @Default(.autosave) var autosave
                    @State var total = 0
                    var body: some View {
                        Text("").onChange(of: phase) { _, new in
                            if let last = UserDefaults.standard.string(forKey: "lastOrder"), autosave {
                                openWindow(value: 7)
                            } else {
                                dismissWindow(id: "note")
                            }
                            for i in 0..<3 {
                                if i == 1 { continue }
                                total += i
                            }
                            Defaults[.autosave] = UserDefaults.standard.bool(forKey: "flag")
                        }
                    }
                }
                struct OrderView: View { var body: some View { Text("") } }
                struct NoteView: View { var body: some View { Text("") } }
                """
            ),
        ])
        let lua = shape.lua
        #expect(
            section(lua, from: "-- Root.swift:8 .onChange(of: phase)", to: "      end,") == """
                        -- Root.swift:8 .onChange(of: phase)
                        if new == "disconnected" then return end
                        if old == "disconnected" then return end
                        swift.ran("Root.swift:8 .onChange(of: phase)")
                        do -- Root.swift:9
                          local matched_1 = false
                          local last = app.defaults.lastOrder
                          if last ~= nil then
                            if swift.read(app.defaults, "autosaveOnBackground", true) then
                              matched_1 = true
                              app:open_window("order", 7) -- Root.swift:10
                            end
                          end
                          if not matched_1 then
                            app:dismiss_window("note") -- Root.swift:12
                          end
                        end
                        for i = 0, (3) - 1 do -- Root.swift:14
                          if ((i) == (1)) then -- Root.swift:15
                            goto continue_2 -- Root.swift:15
                          end
                          w.memory.total = swift.read(w.memory, "total", 0) + (i) -- Root.swift:16
                          ::continue_2::
                        end
                        app.defaults.autosaveOnBackground = swift.read(app.defaults, "flag", false) -- Root.swift:18
                      end,
                """, "\(lua)")
        #expect(shape.defaultsKeys.map(\.name) == ["lastOrder", "autosaveOnBackground", "flag"])
    }
}

@Suite("effect names")
struct EffectNameTests {
    @Test("a call on a property is named by the property's declared type, through self and optional chaining; an unknown receiver as written")
    func receiverTypes() throws {
        let lua = try module([
            (
                "App.swift",
                """
                @main struct WireApp: App {
                    @Environment(\\.scenePhase) var phase
                    var body: some Scene { WindowGroup(id: "main") { Text("") }.onChange(of: phase) { Watcher.shared.stop() } }
                }
                @Observable final class Watcher {
                    static let shared = Watcher()
                    var task: URLSessionWebSocketTask?
                    func stop() {
                        self.task?.cancel(with: .goingAway, reason: nil)
                        task?.resume()
                        helper.flush()
                    }
                }
                """
            )
        ]).lua
        #expect(lua.contains("  local _ = (w or app):effect(\"URLSessionWebSocketTask.cancel@App.swift:9\", \"goingAway\", nil) -- App.swift:9\n"), "\(lua)")
        #expect(lua.contains("  local _ = (w or app):effect(\"URLSessionWebSocketTask.resume@App.swift:10\") -- App.swift:10\n"), "\(lua)")
        #expect(lua.contains("  local _ = (w or app):effect(\"helper.flush@App.swift:11\") -- App.swift:11\n"), "\(lua)")
    }
}
