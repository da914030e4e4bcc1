import Foundation
import Testing

/// `scenesim test --coverage` on a generated module: which translated Swift handlers the
/// scenarios ran (issue 39 item 6), recorded apart from the trace.
@Suite("scenesim test --coverage: the Swift handlers a generated module translated")
struct HandlerCoverageTests {
    /// An app with two translated handlers on its one scene, a URL's and an activity's.
    static let app = """
        @main
        struct LinkApp: App {
            var body: some Scene {
                WindowGroup(id: "main") { Root() }
            }
        }

        struct Root: View {
            @SceneStorage("last") private var last = ""
            var body: some View {
                Text(last)
                    .onOpenURL { url in last = url.lastPathComponent }
                    .onContinueUserActivity("com.example.open") { _ in last = "activity" }
            }
        }
        """

    /// The app scaffolded into `suite/lib/link_generated.lua`, and a scenario that opens a URL.
    static func suite(_ more: [String: String] = [:]) throws -> TempFolder {
        let folder = try TempFolder(
            [
                "Sources/App.swift": app,
                "suite/link.lua": """
                local app = sim.launch(require "link_generated")
                sim.settle()
                print(app:open_url("linkapp://x/note-7"))
                print(app.windows[1].storage.last)
                """,
            ].merging(more) { a, _ in a })
        let scaffold = try BuiltBinary.run(["scaffold", "Sources", "-o", "suite/lib/link_generated.lua"], in: folder.path)
        try #require(scaffold.status == 0, "\(scaffold)")
        return folder
    }

    @Test(
        "a scenario that runs one of two translated handlers: the report lists both by file:line, one covered, one NOT COVERED; --min-coverage handlers=100 fails naming it; the golden holds no trace of the marks"
    )
    func oneOfTwo() throws {
        let folder = try Self.suite()
        let update = try BuiltBinary.run(["test", "--update", "suite"], in: folder.path)
        try #require(update.status == 0, "\(update)")

        let result = try BuiltBinary.run(["test", "--coverage", "suite"], in: folder.path)
        let gated = try BuiltBinary.run(["test", "--min-coverage", "handlers=100", "suite"], in: folder.path)
        let json = try BuiltBinary.run(["test", "--coverage-format", "json", "--coverage-out", "coverage.json", "suite"], in: folder.path)

        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                """

                Swift handlers translated in LinkApp (link_generated.lua): 1/2 (50%)
                     1  App.swift:12 .onOpenURL                                   first: link
                     0  App.swift:13 .onContinueUserActivity("com.example.open")  NOT COVERED

                """), "\(result.stdout)")
        #expect(gated.status == 1, "\(gated)")
        #expect(
            gated.stderr
                == "coverage: handlers coverage of LinkApp is 1/2 (50%), under --min-coverage handlers=100; not covered: App.swift:13 .onContinueUserActivity(\"com.example.open\")\n"
        )
        #expect(json.status == 0, "\(json)")
        let report = try String(contentsOfFile: folder.path + "/coverage.json", encoding: .utf8)
        #expect(
            report.contains(
                "{\"covered\":1,\"items\":[{\"file\":\"App.swift\",\"first\":\"link\",\"hits\":1,\"line\":12,\"name\":\"App.swift:12 .onOpenURL\"},{\"file\":\"App.swift\",\"first\":null,\"hits\":0,\"line\":13,"
            ), "\(report)")
        #expect(try JSONSerialization.jsonObject(with: Data(report.utf8)) is [String: Any])
        // The marks are recorded, never traced: the golden is the trace and the prints alone.
        let golden = try String(contentsOfFile: folder.path + "/suite/link.golden", encoding: .utf8)
        #expect(golden.hasSuffix("[   0.000] app         open url linkapp://x/note-7: handled by main#2\ntrue\nnote-7\n--- exit 0\n"), "\(golden)")
        #expect(!golden.contains("swift") && !golden.contains("App.swift"))
    }

    @Test(
        "a script cannot mark a module's handler as run: the same labels declared from another file are a group of their own, and swift.ran with a label never declared is an error at its line"
    )
    func cannotBeForged() throws {
        let folder = try Self.suite([
            "suite/forge.lua": """
            local ran = sim.swift_handlers("LinkApp", { "App.swift:13 .onContinueUserActivity(\\"com.example.open\\")" })
            ran("App.swift:13 .onContinueUserActivity(\\"com.example.open\\")")
            print(pcall(function() ran("App.swift:99 .onAppear") end))
            print(pcall(sim.swift_handlers, "LinkApp", { "A.swift:1 .task", "A.swift:1 .task" }))
            print(pcall(sim.swift_handlers, "LinkApp", "A.swift:1 .task"))
            """
        ])
        _ = try BuiltBinary.run(["test", "--update", "suite"], in: folder.path)

        let result = try BuiltBinary.run(["test", "--coverage", "suite"], in: folder.path)

        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.contains(
                """
                Swift handlers translated in LinkApp (forge.lua): 1/1 (100%)
                     1  App.swift:13 .onContinueUserActivity("com.example.open")  first: forge

                Swift handlers translated in LinkApp (link_generated.lua): 1/2 (50%)
                     1  App.swift:12 .onOpenURL                                   first: link
                     0  App.swift:13 .onContinueUserActivity("com.example.open")  NOT COVERED

                """), "\(result.stdout)")
        let golden = try String(contentsOfFile: folder.path + "/suite/forge.golden", encoding: .utf8)
        #expect(
            golden == """
                false\tforge.lua:3: swift.ran(label): "App.swift:99 .onAppear" is not one of the handlers sim.swift_handlers declared at forge.lua:1
                false\tsim.swift_handlers: label 2, "A.swift:1 .task", is given twice; give each handler once
                false\tsim.swift_handlers(app, labels) takes the App's name and a list of handler labels, e.g. sim.swift_handlers("NotesApp", { "ContentView.swift:12 .onOpenURL" }) (got string for the labels)
                --- exit 0

                """, "\(golden)")
    }

    /// A Mac app with the handlers the delegate and `.task(id:)` translate to (issue 39's gaps):
    /// the Dock's reopen, a notification's response, and a task that runs again when its id changes.
    static let macApp = """
        @main
        struct DockApp: App {
            @NSApplicationDelegateAdaptor(Delegate.self) var delegate
            var body: some Scene {
                WindowGroup(id: "main") { Root() }
            }
        }

        struct Root: View {
            @SceneStorage("sort") private var sort = "new"
            @State private var loads = 0
            var body: some View {
                Text(sort)
                    .task(id: sort) { loads += 1 }
                    .onOpenURL { url in sort = url.lastPathComponent }
            }
        }

        final class Delegate: NSObject, NSApplicationDelegate, UNUserNotificationCenterDelegate {
            func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool {
                UserDefaults.standard.set(true, forKey: "reopened")
                return true
            }
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {
                UserDefaults.standard.set(true, forKey: "answered")
                completionHandler()
            }
        }
        """

    @Test(
        "the delegate's reopen and notification response and a .task(id:) are handlers of their own: on_reopen NOT COVERED until a scenario reopens the app, then covered; the task counts its first run and its re-run when the id changes"
    )
    func delegateAndTaskHandlers() throws {
        let folder = try TempFolder([
            "Sources/App.swift": Self.macApp,
            "suite/sort.lua": """
            local app = sim.launch(require "dock_generated")
            sim.settle()
            print(app:open_url("dockapp://x/top"))
            print(app.windows[1].storage.sort)
            """,
        ])
        let scaffold = try BuiltBinary.run(["scaffold", "Sources", "-o", "suite/lib/dock_generated.lua"], in: folder.path)
        try #require(scaffold.status == 0, "\(scaffold)")
        try #require(try BuiltBinary.run(["test", "--update", "suite"], in: folder.path).status == 0)

        let before = try BuiltBinary.run(["test", "--coverage", "suite"], in: folder.path)

        // The task ran 3 times: at main#1's and main#2's connection (the URL opens main#2), and
        // again in main#2 when the URL's handler changed its id (sort "new" -> "top").
        #expect(before.status == 0, "\(before)")
        #expect(
            before.stdout.contains(
                """

                Swift handlers translated in DockApp (dock_generated.lua): 2/4 (50%)
                     3  App.swift:14 .task(id:)                                      first: sort
                     1  App.swift:15 .onOpenURL                                      first: sort
                     0  App.swift:20 Delegate.applicationShouldHandleReopen          NOT COVERED
                     0  App.swift:24 Delegate.userNotificationCenter(_:didReceive:)  NOT COVERED

                """), "\(before.stdout)")

        try folder.write(
            "suite/reopen.lua",
            """
            local app = sim.launch(require "dock_generated")
            sim.settle()
            app.windows[1]:minimize()
            app:reopen()
            print(app.defaults.reopened)
            """)
        try #require(try BuiltBinary.run(["test", "--update", "suite"], in: folder.path).status == 0)

        let after = try BuiltBinary.run(["test", "--coverage", "suite"], in: folder.path)

        #expect(after.status == 0, "\(after)")
        #expect(after.stdout.contains("     1  App.swift:20 Delegate.applicationShouldHandleReopen          first: reopen\n"), "\(after.stdout)")
        #expect(after.stdout.contains("     0  App.swift:24 Delegate.userNotificationCenter(_:didReceive:)  NOT COVERED\n"), "\(after.stdout)")
        let golden = try String(contentsOfFile: folder.path + "/suite/reopen.golden", encoding: .utf8)
        #expect(golden.hasSuffix("true\n--- exit 0\n"), "\(golden)")
        #expect(!golden.contains("swift") && !golden.contains("App.swift"))
    }
}
