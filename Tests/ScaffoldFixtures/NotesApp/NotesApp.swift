import SwiftUI

@main
struct NotesApp: App {
    @NSApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @AppStorage("launchCount") private var launchCount = 0
    @StateObject private var store = NoteStore()
    @Environment(\.scenePhase) private var phase
    @Environment(\.openWindow) private var openWindow

    var body: some Scene {
        WindowGroup(id: "main") {
            ContentView()
                .environmentObject(store)
        }
        .onChange(of: phase) { _, newPhase in
            if newPhase == .background { store.save() }
        }
        .handlesExternalEvents(matching: ["main", "open"])
        .commands {
            CommandGroup(after: .newItem) {
                Button("Activity Log") { openWindow(id: "activity") }
            }
        }

        WindowGroup("Note", id: "note", for: Note.ID.self) { $noteID in
            NoteEditor(noteID: noteID)
        }
        .defaultLaunchBehavior(.suppressed)

        Window("Activity", id: "activity") {
            ActivityLog()
        }
        .restorationBehavior(.disabled)

        WindowGroup {
            InspectorView()
        }

        #if os(macOS)
        Settings {
            SettingsView()
        }

        MenuBarExtra("Notes", systemImage: "note.text") {
            MenuContent()
        }
        #endif
    }
}

final class AppDelegate: NSObject, NSApplicationDelegate {}
