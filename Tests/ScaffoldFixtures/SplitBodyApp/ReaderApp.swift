import SwiftUI

// A body split into properties kept in an extension, as larger apps write it.
@main
struct ReaderApp: App {
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        mainScene
        self.composerScenes
    }
}
