import SwiftUI

enum TripSheet: String, Identifiable {
    case notes, packing

    var id: String { rawValue }

    @ViewBuilder
    var destination: some View {
        switch self {
        case .notes: NotesEditor()
        case .packing: PackingList()
        }
    }
}

struct NotesEditor: View {
    @SceneStorage("noteDraft") private var draft = ""
    var body: some View { TextEditor(text: $draft) }
}

struct PackingList: View {
    @State private var packed: Set<String> = []
    var body: some View { Text("\(packed.count) packed") }
}
