import SwiftUI

struct ContentView: View {
    @SceneStorage("selectedTab") private var selectedTab: Int = 0
    @SceneStorage("searchText") private var searchText = ""
    @State private var draft: String = ""
    @State private var showingCompose = false
    @FocusState private var searchFocused: Bool
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.openWindow) private var openWindow
    @EnvironmentObject private var store: NoteStore

    var body: some View {
        NavigationSplitView {
            SidebarView()
        } detail: {
            detailPane
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            if newPhase == .inactive { store.save() }
        }
        .onOpenURL { url in
            searchText = url.lastPathComponent
        }
        .sheet(isPresented: $showingCompose) {
            ComposeSheet(draft: $draft)
        }
        .toolbar {
            Button("Open") { openWindow(id: "note", value: store.notes[0].id) }
            Button("Inspect") { openWindow(value: selectedTab) }
        }
    }

    @ViewBuilder
    private var detailPane: some View {
        if store.notes.isEmpty {
            EmptyStateView()
        } else {
            List(store.notes) { note in
                row(note)
            }
        }
    }

    private func row(_ note: Note) -> some View {
        NoteRow(note: note)
    }
}

#Preview {
    PreviewOnlyView()
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        PreviewOnlyView()
    }
}

struct PreviewOnlyView: View {
    var body: some View { Text("preview") }
}
