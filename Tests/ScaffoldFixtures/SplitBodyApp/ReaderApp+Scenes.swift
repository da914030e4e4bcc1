import SwiftUI

extension ReaderApp {
    var mainScene: some Scene {
        WindowGroup(id: "reader") {
            FeedView()
        }
        .onChange(of: scenePhase) { _, phase in
            print(phase)
        }
        #if os(macOS)
        .defaultSize(width: 900, height: 700)
        #endif
    }

    @SceneBuilder
    var composerScenes: some Scene {
        WindowGroup(for: Draft.ID.self) { $id in
            ComposerView(draftID: id)
        }
        #if os(visionOS)
        WindowGroup(id: "gallery") {
            GalleryView()
        }
        #endif
    }
}
