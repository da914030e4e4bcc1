import BackgroundTasks
import SwiftUI

@main
struct ForumApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    @Environment(\.scenePhase) private var scenePhase

    init() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.refreshTask, using: nil) { task in
            ReadQueue.shared.refreshes += 1
            ForumAPI.fetchUnreadCount()
            task.setTaskCompleted(success: true)
        }
    }

    var body: some Scene {
        WindowGroup(id: Identifiers.mainWindow) {
            FeedView()
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .background:
                ReadQueue.shared.flushInBackground()
                scheduleRefresh(after: 900)
            case .active:
                UserDefaults.standard.set(true, forKey: Identifiers.wasActiveKey)
            default:
                break
            }
        }
        WindowGroup(id: Identifiers.threadWindow, for: Int.self) { $threadID in
            ThreadView(threadID: threadID)
        }
    }

    private func scheduleRefresh(after seconds: Double) {
        let request = BGAppRefreshTaskRequest(identifier: Identifiers.refreshTask)
        request.earliestBeginDate = Date(timeIntervalSinceNow: seconds)
        try? BGTaskScheduler.shared.submit(request)
    }
}
