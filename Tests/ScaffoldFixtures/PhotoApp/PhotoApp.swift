import SwiftUI

@main
struct PhotoApp: App {
    @UIApplicationDelegateAdaptor(PhotoAppDelegate.self) var delegate
    @State private var library = Library()

    var body: some Scene {
        WindowGroup {
            RootView()
                .onOpenURL { url in library.open(url) }
        }

        WindowGroup(id: "viewer", for: Int.self) { $index in
            ViewerView(index: index ?? 0)
        }

        WindowGroup(for: Album.self) { $album in
            AlbumView(album: album)
        }

        WindowGroup {
            RootView()
        }

        DocumentGroup(newDocument: CaptionDocument()) { file in
            CaptionEditor(document: file.$document)
        }

        #if os(visionOS)
        ImmersiveSpace(id: "space") {
            SpaceView()
        }
        #else
        WindowGroup(id: "slideshow") {
            SlideshowView()
        }
        #endif
    }
}
