import SwiftUI

@main
struct JournalApp: App {
    @AppStorage("streak") private var streak = 0
    @State private var journal = Journal()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup(id: "journal") {
            EntryListView()
                .environment(journal)
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .background { journal.save() }
        }

        WindowGroup(id: "entry", for: UUID.self) { $entryID in
            EntryEditor(entryID: entryID)
                .environment(journal)
        }
    }
}
