import SwiftUI

struct FeedView: View {
    @SceneStorage("feed.sort") private var sort = "hot"
    @SceneStorage("feed.lastUser") private var lastUser = ""
    @AppStorage("markReadOnOpen") private var markReadOnOpen = true
    @State private var ticks = 0
    @State private var loads = 0
    @Environment(\.openWindow) private var openWindow
    @Environment(\.dismissWindow) private var dismissWindow

    private let clock = Timer.publish(every: 60, on: .main, in: .common).autoconnect()

    var body: some View {
        List {
            Text("Feed sorted by \(sort)")
        }
        .task(id: sort) {
            loads += 1
            ForumAPI.fetchFeed(sort: sort)
            try? await Task.sleep(for: .seconds(5))
            ForumAPI.prefetchImages(sort: sort)
        }
        .onReceive(clock) { _ in
            ticks += 1
        }
        .onOpenURL { url in
            guard let route = Route.parse(url) else { return }
            if case .user(let name) = route {
                lastUser = name
                return
            }
            switch route {
            case .thread(let id) where markReadOnOpen:
                openWindow(id: "thread", value: id)
            case .thread(let id):
                ForumAPI.preview(thread: id)
            case .sort(let order):
                sort = order
            case .closeThreads:
                dismissWindow(id: "thread")
            case .settings, .user:
                ForumAPI.openSettings()
            }
        }
    }
}
