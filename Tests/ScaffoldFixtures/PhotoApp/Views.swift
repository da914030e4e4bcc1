import SwiftUI

struct RootView: View {
    @SceneStorage("filter") var filter: String = "all"
    @Environment(\.scenePhase) var current
    @Environment(\.openWindow) var openWindow

    var body: some View {
        TabView {
            GridView()
            AlbumsTab()
        }
        .onChange(of: current) {
            print("phase")
        }
    }
}

struct GridView: View {
    @Environment(\.openWindow) var openWindow
    var body: some View {
        LazyVGrid(columns: []) {
            ForEach(0..<10) { index in
                Thumbnail(index: index)
                    .onTapGesture { openWindow(id: "viewer", value: index) }
            }
        }
    }
}

struct Thumbnail: View {
    let index: Int
    var body: some View { Text("\(index)") }
}

struct AlbumsTab: View {
    @State private var albums: [Album] = []
    var body: some View {
        List(albums) { album in
            AlbumView(album: album)
        }
    }
}

struct AlbumView: View {
    let album: Album?
    @SceneStorage("albumSort") private var sort = 1
    var body: some View {
        Thumbnail(index: 0)
    }
}

struct ViewerView: View {
    let index: Int
    @State private var zoom: Double = 1
    @Environment(\.dismissWindow) var dismissWindow
    var body: some View {
        Thumbnail(index: index)
            .onTapGesture(count: 2) { dismissWindow() }
    }
}

struct CaptionEditor: View {
    @Binding var document: CaptionDocument
    var body: some View { TextEditor(text: $document.text) }
}

struct SpaceView: View {
    var body: some View { Text("space") }
}

struct SlideshowView: View {
    @State private var playing = false
    var body: some View { Text("slides") }
}
