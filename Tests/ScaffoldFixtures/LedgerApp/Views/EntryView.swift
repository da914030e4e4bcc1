import SwiftUI

struct EntryView: View {
    let entryID: String?
    @Environment(\.dismiss) private var dismiss
    @Environment(\.scenePhase) private var scenePhase
    @SceneStorage("entryNote") private var note = ""
    @State private var appearances = 0

    var body: some View {
        TextField("Note", text: $note)
            .onChange(of: scenePhase, initial: true) { old, new in
                if new == .active {
                    appearances += 1
                    LedgerStore.shared.opened += 1
                }
                if new == .background && note.isEmpty {
                    dismiss()
                }
            }
    }
}
