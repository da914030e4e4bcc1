import SwiftUI

struct SidebarView: View {
    @AppStorage("sortOrder") private var sortOrder: String = "date"
    @State private var expanded = true

    var body: some View {
        List {
            Section("Notes") {
                NoteRow(note: Note(id: UUID()))
            }
        }
        .onContinueUserActivity("com.example.notes.open") { activity in
            expanded = true
        }
    }
}

struct NoteRow: View {
    let note: Note
    var body: some View {
        Text(note.id.uuidString)
    }
}

struct EmptyStateView: View {
    var body: some View { Text("No notes") }
}
