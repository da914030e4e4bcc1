import SwiftUI

struct EntryListView: View {
    @Environment(Journal.self) private var journal
    @Environment(\.openWindow) private var openWindow
    @SceneStorage("selectedEntry") private var selectedEntry: String?
    @State private var searchText = ""

    var body: some View {
        NavigationStack {
            List(journal.entries) { entry in
                EntryRow(entry: entry)
                    .onTapGesture { openWindow(id: "entry", value: entry.id) }
            }
            .searchable(text: $searchText)
        }
        .onOpenURL { url in
            selectedEntry = url.lastPathComponent
        }
    }
}

struct EntryRow: View {
    let entry: Entry
    var body: some View {
        Text(entry.title)
    }
}
