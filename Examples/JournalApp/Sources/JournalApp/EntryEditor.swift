import SwiftUI

struct EntryEditor: View {
    let entryID: UUID?
    @Environment(Journal.self) private var journal
    @Environment(\.scenePhase) private var scenePhase
    @SceneStorage("draft") private var draft = ""
    @FocusState private var editing: Bool

    var body: some View {
        TextEditor(text: $draft)
            .focused($editing)
            .onChange(of: scenePhase) { _, phase in
                if phase != .active { journal.update(entryID, text: draft) }
            }
    }
}
