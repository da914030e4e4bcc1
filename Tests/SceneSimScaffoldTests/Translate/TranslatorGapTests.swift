import Foundation
@testable import SceneSimScaffold
import Testing

/// The lines from the one that contains `start` through the first after it equal to `end`.
private func section(_ lua: String, from start: String, to end: String) -> String {
    let lines = lua.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.contains(start) }), let last = lines[first...].firstIndex(of: end) else { return "" }
    return lines[first...last].joined(separator: "\n")
}

/// The translation gaps issue 39 named, on the ForumApp (iPad) and CellarApp (Mac) fixtures;
/// their scenarios (Tests/ScaffoldFixtures/*/scenarios, run by ScaffoldFixtureAppTests) show
/// the same code loading and running at its events.
@Suite("translation of the delegate's reopen, quit policy and notifications, if/guard case, enums with values, defer, .task(id:)")
struct TranslatorGapTests {
    @Test("applicationShouldHandleReopen is the model's on_reopen: its result is the handler's, hasVisibleWindows the flag scenesim passes")
    func reopen() throws {
        let lua = try scaffold("CellarApp").modelShape(platform: "macos").lua
        #expect(
            section(lua, from: "on_reopen = function(app, has_visible_windows)", to: "    end,") == """
                    on_reopen = function(app, has_visible_windows)
                      -- Cellar/AppDelegate.swift:11 AppDelegate.applicationShouldHandleReopen
                      swift.ran("Cellar/AppDelegate.swift:11 AppDelegate.applicationShouldHandleReopen")
                      Scheduler_register(nil) -- Cellar/AppDelegate.swift:12
                      app.defaults.reopens = (swift.read(app.defaults, "reopens", 0)) + (1) -- Cellar/AppDelegate.swift:13
                      if ((has_visible_windows == true)) then -- Cellar/AppDelegate.swift:14
                        return false -- Cellar/AppDelegate.swift:15
                      end
                      return not (swift.read(app.defaults, "showInMenuBar", false)) -- Cellar/AppDelegate.swift:17
                    end,
                """, "\(lua)")
    }

    @Test(
        "applicationShouldTerminateAfterLastWindowClosed returning an expression: the policy holds its value over the Swift defaults, with a comment that scenesim takes a constant at launch; a literal is itself"
    )
    func quitPolicy() throws {
        let lua = try scaffold("CellarApp").modelShape(platform: "macos").lua
        #expect(
            section(lua, from: "  policy = { quit_when_last_window_closes = (function()", to: "  end)() },") == """
                  policy = { quit_when_last_window_closes = (function()
                    local app = { defaults = {}, memory = {}, phase = "active" }
                    local ok, quits = pcall(function()
                      return not (swift.read(app.defaults, "showInMenuBar", false)) -- Cellar/AppDelegate.swift:21
                    end)
                    return ok and quits == true
                  end)() },
                """, "\(lua)")
        #expect(lua.contains("  -- scenesim's policy is a constant read at launch: this is the Swift code's answer over the\n"), "\(lua)")
        let literal = try Scaffolder().scaffold(
            [
                .init(
                    path: "App.swift",
                    text: """
                        @main struct A: App {
                            @NSApplicationDelegateAdaptor(D.self) var d
                            var body: some Scene { WindowGroup { ContentView() } }
                        }
                        struct ContentView: View { var body: some View { Text("") } }
                        final class D: NSObject, NSApplicationDelegate {
                            func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool {
                                return true
                            }
                        }
                        """)
            ], lookedIn: "test"
        ).modelShape(platform: "macos").lua
        #expect(literal.contains("  policy = { quit_when_last_window_closes = true }, -- App.swift:7 D.applicationShouldTerminateAfterLastWindowClosed\n"), "\(literal)")
        // Not on the iOS family, where the policy does not exist.
        #expect(!(try scaffold("CellarApp").modelShape(platform: "ipados").lua.contains("policy =")))
    }

    @Test("applicationWillTerminate and userNotificationCenter(_:willPresent:) have no event: a comment in the model and an untranslated entry each")
    func unmodelled() throws {
        let cellar = try scaffold("CellarApp").modelShape(platform: "macos")
        #expect(
            cellar.lua.contains(
                "    -- not translated: AppDelegate.applicationWillTerminate: no termination hook in the model yet (platform v5's on_terminate, issue 41); its calls would be effects (Cellar/AppDelegate.swift:24)\n"
            ), "\(cellar.lua)")
        #expect(cellar.translation.untranslated.contains { $0.file == "Cellar/AppDelegate.swift" && $0.line == 24 })
        let forum = try scaffold("ForumApp").modelShape(platform: "ipados")
        #expect(forum.translation.untranslated.contains { $0.file == "ForumApp/AppDelegate.swift" && $0.line == 20 && $0.text.contains("willPresent") })
    }

    @Test("userNotificationCenter(_:didReceive:) is on_notification: the response's userInfo is info, defer { completionHandler() } runs after the guard's return")
    func notification() throws {
        let lua = try scaffold("ForumApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "on_notification = function(app, info)", to: "    end,") == """
                    on_notification = function(app, info)
                      -- ForumApp/AppDelegate.swift:11 AppDelegate.userNotificationCenter(_:didReceive:)
                      swift.ran("ForumApp/AppDelegate.swift:11 AppDelegate.userNotificationCenter(_:didReceive:)")
                      local returned_8, result_9 = (function() -- ForumApp/AppDelegate.swift:13 the code a defer follows
                        local info_ = info -- ForumApp/AppDelegate.swift:14
                        local thread = (info_ or {})["thread"] -- ForumApp/AppDelegate.swift:15
                        if thread == nil then
                          return true, nil -- ForumApp/AppDelegate.swift:15
                        end
                        app.memory["ReadQueue.openedFromNotification"] = thread -- ForumApp/AppDelegate.swift:16
                        app.defaults.lastThread = thread -- ForumApp/AppDelegate.swift:17
                      end)()
                      -- ForumApp/AppDelegate.swift:13 defer
                      -- completionHandler(): the system's reply -- ForumApp/AppDelegate.swift:13
                      if returned_8 then return result_9 end
                    end,
                """, "\(lua)")
    }

    @Test("defer in a followed method: the rest runs first in a function, then the deferred body, then the rest's return")
    func deferred() throws {
        let lua = try scaffold("ForumApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "function ReadQueue_flush(w)", to: "end") == """
                function ReadQueue_flush(w) -- ForumApp/ReadQueue.swift:20 ReadQueue.flush
                  local app = sim.app
                  app.memory["ReadQueue.flushing"] = true -- ForumApp/ReadQueue.swift:21
                  local returned_11, result_12 = (function() -- ForumApp/ReadQueue.swift:22 the code a defer follows
                    if not ((swift.read(app.memory, "ReadQueue.pending", 0)) > (0)) then -- ForumApp/ReadQueue.swift:23
                      return true, nil -- ForumApp/ReadQueue.swift:23
                    end
                    local _ = (w or app):effect("ForumAPI.markRead@ForumApp/ReadQueue.swift:24", swift.read(app.memory, "ReadQueue.pending", 0)) -- ForumApp/ReadQueue.swift:24
                    app.memory["ReadQueue.sent"] = swift.read(app.memory, "ReadQueue.sent", 0) + (swift.read(app.memory, "ReadQueue.pending", 0)) -- ForumApp/ReadQueue.swift:25
                    app.memory["ReadQueue.pending"] = 0 -- ForumApp/ReadQueue.swift:26
                  end)()
                  -- ForumApp/ReadQueue.swift:22 defer
                  app.memory["ReadQueue.flushing"] = false -- ForumApp/ReadQueue.swift:22
                  if returned_11 then return result_12 end
                end
                """, "\(lua)")
    }

    @Test(".task(id:) is a function run at connection, its pending work tracked under its own key; a translated write that changes the id runs it again")
    func taskID() throws {
        let lua = try scaffold("ForumApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "function FeedView_task_18(w)", to: "end") == """
                function FeedView_task_18(w) -- ForumApp/FeedView.swift:18 FeedView.task_18
                  local app = sim.app
                  swift.ran("ForumApp/FeedView.swift:18 .task(id:)")
                  w.memory.loads = swift.read(w.memory, "loads", 0) + (1) -- ForumApp/FeedView.swift:19
                  local _ = (w or app):effect("ForumAPI.fetchFeed@ForumApp/FeedView.swift:20", swift.read(w.storage, "feed.sort", "hot")) -- ForumApp/FeedView.swift:20
                  swift.track_task(w, "ForumApp/FeedView.swift:18", app:after(5, function() -- ForumApp/FeedView.swift:21
                    local _ = (w or app):effect("ForumAPI.prefetchImages@ForumApp/FeedView.swift:22", (function() if w.connected then return swift.read(w.storage, "feed.sort", "hot") end return "hot" end)()) -- ForumApp/FeedView.swift:22
                  end))
                end
                """, "\(lua)")
        #expect(lua.contains("          FeedView_task_18(w) -- ForumApp/FeedView.swift:18 .task(id:)\n"), "\(lua)")
    }

    @Test("an enum's cases with associated values are built as { \"case\", values… }; the others stay their names")
    func payloadConstruction() throws {
        let lua = try scaffold("ForumApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "function Route_parse(w, url_)", to: "end") == """
                function Route_parse(w, url_) -- ForumApp/Route.swift:11 Route.parse
                  local app = sim.app
                  if not ((sim.url(url_).scheme) == ("forum")) then -- ForumApp/Route.swift:12
                    return nil -- ForumApp/Route.swift:12
                  end
                  do -- ForumApp/Route.swift:13
                    local subject_10 = sim.url(url_).host
                    if subject_10 == "thread" then -- ForumApp/Route.swift:14
                      local id = math.tointeger(tonumber(swift.last_path_component(url_))) -- ForumApp/Route.swift:15
                      if id == nil then
                        return nil -- ForumApp/Route.swift:15
                      end
                      return { "thread", id } -- ForumApp/Route.swift:16
                    elseif subject_10 == "user" then -- ForumApp/Route.swift:17
                      return { "user", swift.last_path_component(url_) } -- ForumApp/Route.swift:18
                    elseif subject_10 == "sort" then -- ForumApp/Route.swift:19
                      return { "sort", swift.last_path_component(url_) } -- ForumApp/Route.swift:20
                    elseif subject_10 == "close" then -- ForumApp/Route.swift:21
                      return "closeThreads" -- ForumApp/Route.swift:22
                    else
                      return "settings" -- ForumApp/Route.swift:24
                    end
                  end
                end
                """, "\(lua)")
    }

    @Test("if case with a binding, a switch over an enum with associated values (let bindings, where, several patterns), guard case")
    func patterns() throws {
        let lua = try scaffold("ForumApp").modelShape(platform: "ipados").lua
        #expect(
            section(lua, from: "on_url = function(w, url)", to: "      end,") == """
                      on_url = function(w, url)
                        local app = sim.app
                        -- ForumApp/FeedView.swift:27 .onOpenURL
                        swift.ran("ForumApp/FeedView.swift:27 .onOpenURL")
                        local route = Route_parse(w, url) -- ForumApp/FeedView.swift:28
                        if route == nil then
                          return true -- ForumApp/FeedView.swift:28
                        end
                        do -- ForumApp/FeedView.swift:29
                          local matched_1 = false
                          local subject_2 = route
                          if swift.case_name(subject_2) == "user" then
                            local name = subject_2[2] -- ForumApp/FeedView.swift:29
                            matched_1 = true
                            w.storage["feed.lastUser"] = name -- ForumApp/FeedView.swift:30
                            return true -- ForumApp/FeedView.swift:31
                          end
                        end
                        do -- ForumApp/FeedView.swift:33
                          local subject_3 = route
                          if (swift.case_name(subject_3) == "thread" and swift.read(app.defaults, "markReadOnOpen", true)) then -- ForumApp/FeedView.swift:34
                            local id = subject_3[2] -- ForumApp/FeedView.swift:34
                            app:open_window("thread", id) -- ForumApp/FeedView.swift:35
                          elseif swift.case_name(subject_3) == "thread" then -- ForumApp/FeedView.swift:36
                            local id = subject_3[2] -- ForumApp/FeedView.swift:36
                            w:effect("ForumAPI.preview@ForumApp/FeedView.swift:37", id) -- ForumApp/FeedView.swift:37
                          elseif swift.case_name(subject_3) == "sort" then -- ForumApp/FeedView.swift:38
                            local order = subject_3[2] -- ForumApp/FeedView.swift:38
                            local before_4 = w.storage["feed.sort"] -- ForumApp/FeedView.swift:39
                            w.storage["feed.sort"] = order -- ForumApp/FeedView.swift:39
                            if w.connected and (w.group == "main") and w.storage["feed.sort"] ~= before_4 then swift.rerun_task(w, "ForumApp/FeedView.swift:18", FeedView_task_18) end -- ForumApp/FeedView.swift:39
                          elseif swift.case_name(subject_3) == "closeThreads" then -- ForumApp/FeedView.swift:40
                            app:dismiss_window("thread") -- ForumApp/FeedView.swift:41
                          elseif swift.case_name(subject_3) == "settings" or swift.case_name(subject_3) == "user" then -- ForumApp/FeedView.swift:42
                            w:effect("ForumAPI.openSettings@ForumApp/FeedView.swift:43") -- ForumApp/FeedView.swift:43
                          end
                        end
                        return true
                      end,
                """, "\(lua)")
        #expect(
            section(lua, from: "-- ForumApp/ThreadView.swift:15 .onChange(of: scenePhase)", to: "      end,") == """
                        -- ForumApp/ThreadView.swift:15 .onChange(of: scenePhase)
                        if new == "disconnected" then return end
                        if old == "disconnected" then return end
                        swift.ran("ForumApp/ThreadView.swift:15 .onChange(of: scenePhase)")
                        local subject_5 = new -- ForumApp/ThreadView.swift:16
                        if not (subject_5 == "background") then
                          return -- ForumApp/ThreadView.swift:16
                        end
                        if ((swift.count(swift.read(w.storage, "thread.draft", "")) == 0)) then -- ForumApp/ThreadView.swift:17
                          w:effect("ForumAPI.dropDraft@ForumApp/ThreadView.swift:18", (function() local v = w.value; if v ~= nil then return v end return 0 end)()) -- ForumApp/ThreadView.swift:18
                        end
                      end,
                """, "\(lua)")
    }

    @Test(
        "what the real apps showed: a type test (`receipt is AppStoreReceipt`) is an effect of that name the overlay can answer; a call on a computed property is named by its declared type; @ObservableDefault(.key) is app.defaults; onAppear written on the root view in the App's body runs when that scene's window connects"
    )
    func realAppGaps() throws {
        let lua = try scaffold("CellarApp").modelShape(platform: "macos").lua
        #expect(lua.contains("  if (((w or app):effect(\"License.receipt is AppStoreReceipt@Cellar/License.swift:16\") == true)) then -- Cellar/License.swift:16\n"), "\(lua)")
        #expect(lua.contains("  local _ = (w or app):effect(\"PackageCLI.outdated@Cellar/Scheduler.swift:33\") -- Cellar/Scheduler.swift:33\n"), "\(lua)")
        #expect(lua.contains("  if not (swift.read(app.defaults, \"checkHourly\", true)) then -- Cellar/Scheduler.swift:24\n"), "\(lua)")
        #expect(
            section(lua, from: "-- Cellar/MainView.swift:14 .onAppear", to: "        end") == """
                          ;(function() -- Cellar/MainView.swift:14 .onAppear
                            swift.ran("Cellar/MainView.swift:14 .onAppear")
                            License_check(w, swift.read(app.defaults, "demoDaysUsed", 0)) -- Cellar/MainView.swift:15
                          end)()
                          ;(function() -- Cellar/CellarApp.swift:10 .onAppear
                            swift.ran("Cellar/CellarApp.swift:10 .onAppear")
                            app.memory["Scheduler.windowAppearances"] = swift.read(app.memory, "Scheduler.windowAppearances", 0) + (1) -- Cellar/CellarApp.swift:11
                          end)()
                        end
                """, "\(lua)")
    }

    @Test("self.property in a view's method (Mlem's ContentView.loadAvatar writes self.avatarImage) is the view's state, as the bare name is")
    func selfMember() throws {
        let lua = try Scaffolder().scaffold(
            [
                .init(
                    path: "App.swift",
                    text: """
                        @main struct A: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
                        struct Root: View {
                            @State private var avatar = ""
                            var body: some View { Text("").onAppear { load() } }
                        }
                        """),
                .init(
                    path: "Root+Logic.swift",
                    text: """
                        extension Root {
                            func load() {
                                Task { @MainActor in
                                    self.avatar = "loaded"
                                }
                            }
                        }
                        """),
            ], lookedIn: "test"
        ).modelShape(platform: "ipados").lua
        #expect(lua.contains("    w.memory.avatar = \"loaded\" -- Root+Logic.swift:4\n"), "\(lua)")
    }
}
