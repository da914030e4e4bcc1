import SwiftUI

struct LedgerView: View {
    @Environment(\.scenePhase) private var phase
    @Environment(\.openWindow) private var openWindow
    @SceneStorage("draft") private var draft = ""
    @SceneStorage("savedDrafts") private var savedDrafts = 0
    @SceneStorage("zoom") private var zoom: Double = 1
    @State private var editing = false
    @AppStorage("autosave") private var autosave = true
    private let store = LedgerStore.shared

    var body: some View {
        TextEditor(text: $draft)
            .onChange(of: phase) { newPhase in
                switch newPhase {
                case .inactive:
                    if autosave && !draft.isEmpty {
                        savedDrafts += 1
                    }
                case .background:
                    persist()
                    Task {
                        try? await Task.sleep(for: .seconds(2))
                        store.synced = true
                    }
                case .active:
                    editing = true
                    zoom += 1
                @unknown default:
                    break
                }
            }
            .onOpenURL { url in
                guard url.scheme == "ledger" else { return }
                if url.host == "entry" {
                    openWindow(id: "entry", value: url.lastPathComponent)
                } else {
                    draft = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "text" })?.value ?? ""
                }
            }
            .onContinueUserActivity("com.example.ledger.open") { activity in
                if let id = activity.userInfo?["id"] as? String {
                    openWindow(id: "entry", value: id)
                }
            }
    }

    private func persist() {
        store.note(draft.isEmpty ? 0 : 1)
        if savedDrafts > 2 {
            draft = "kept \(savedDrafts)"
        }
    }
}
