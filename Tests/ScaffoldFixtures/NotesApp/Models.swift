import Foundation

struct Note: Identifiable, Hashable {
    let id: UUID
}

final class NoteStore: ObservableObject {
    @Published var notes: [Note] = []
    func save() {}
}
