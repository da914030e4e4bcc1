import SwiftUI

struct ThreadView: View {
    let threadID: Int?
    @SceneStorage("thread.draft") private var draft = ""
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        Text("Thread \(threadID ?? 0)")
            .onAppear {
                guard let threadID else { return }
                ReadQueue.shared.mark(threadID)
                UserDefaults.standard.set(threadID, forKey: Identifiers.lastThreadKey)
            }
            .onChange(of: scenePhase) { _, phase in
                guard case .background = phase else { return }
                if draft.isEmpty {
                    ForumAPI.dropDraft(thread: threadID ?? 0)
                }
            }
    }
}
