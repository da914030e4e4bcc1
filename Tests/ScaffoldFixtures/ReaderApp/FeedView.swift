import SwiftUI

struct FeedView: View {
    @SceneStorage("scrollPost") private var scrollPost = 0
    @State private var draftReply = ""
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        List { Text("Feed") }
            .onChange(of: scenePhase) { _, new in
                if new == .background { ReadQueue.shared.flush(upTo: scrollPost) }
            }
            .onOpenURL { url in
                scrollPost = Int(url.lastPathComponent) ?? 0
            }
    }
}
