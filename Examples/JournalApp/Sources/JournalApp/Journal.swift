import Foundation
import Observation

struct Entry: Identifiable {
    let id: UUID
    var title: String
    var text: String
}

@Observable
final class Journal {
    var entries: [Entry] = []
    /// Where entries are written; a type of the app's storage package, not in these sources.
    let store = EntryStore.shared

    func save() {
        store.write(entries)
    }

    func update(_ id: UUID?, text: String) {
        store.saveDraft(text, for: id)
    }
}
