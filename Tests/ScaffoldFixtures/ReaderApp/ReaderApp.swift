import SwiftUI

@main
struct ReaderApp: App {
    @AppStorage("lastSync") private var lastSync: Double = 0
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup(id: "feed") {
            FeedView()
        }
        .onChange(of: scenePhase) { _, new in
            if new == .active { FeedClient.shared.pull() }
        }
    }
}
