import SwiftUI

struct NoteEditor: View {
    let noteID: Note.ID?
    @SceneStorage("editorScroll") private var scroll: Double = 0
    @State private var text = ""
    @Environment(\.dismissWindow) private var close

    var body: some View {
        VStack {
            TextEditor(text: $text)
            NoteRow(note: Note(id: noteID ?? UUID()))
            Button("Done") { close(id: "note") }
        }
        .handlesExternalEvents(preferring: ["note"], allowing: ["*"])
    }
}

struct ComposeSheet: View {
    @Binding var draft: String
    @FocusState private var editing: Bool
    var body: some View {
        TextField("Draft", text: $draft).focused($editing)
    }
}
