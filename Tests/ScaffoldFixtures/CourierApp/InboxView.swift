import SwiftUI

struct InboxView: View {
    @Environment(SessionModel.self) private var session
    @Environment(\.scenePhase) private var scenePhase
    @SceneStorage("selectedFolder") private var folder = "inbox"
    @State private var pulls = 0

    var body: some View {
        List { Text(folder) }
            .onChange(of: scenePhase) {
                if scenePhase == .active {
                    pulls += 1
                    session.sync(reason: "active #\(pulls)")
                } else if scenePhase == .background {
                    session.markAllRead()
                    let snapshot = Snapshot(folder: folder)
                    snapshot.write(to: FileManager.default.temporaryDirectory)
                    repeat { pulls -= 1 } while pulls > 0
                }
            }
    }
}
