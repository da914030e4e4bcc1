import SwiftUI

struct Draft: Identifiable {
    var id: UUID
}

struct FeedView: View {
    @SceneStorage("feed.scroll") private var scroll = 0
    var body: some View {
        List { Text("feed") }
    }
}

struct ComposerView: View {
    var draftID: Draft.ID?
    @State private var text = ""
    var body: some View {
        TextEditor(text: $text)
    }
}

struct GalleryView: View {
    var body: some View { Text("gallery") }
}
