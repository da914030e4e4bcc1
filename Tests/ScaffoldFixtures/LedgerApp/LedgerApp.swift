import BackgroundTasks
import SwiftUI

@main
struct LedgerApp: App {
    @Environment(\.scenePhase) private var scenePhase
    @AppStorage("lastPhase") private var lastPhase = "none"
    @State private var backgroundCount = 0

    init() {
        UserDefaults.standard.set(true, forKey: StorageKeys.launchedOnce)
        LedgerStore.shared.launches += 1
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.ledger.refresh", using: nil) { task in
            LedgerStore.shared.refreshCount += 1
            task.setTaskCompleted(success: true)
        }
    }

    var body: some Scene {
        WindowGroup(id: "main") {
            LedgerView()
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            lastPhase = "\(oldPhase)->\(newPhase)"
            guard newPhase == .background else { return }
            backgroundCount += 1
            var taskID = UIBackgroundTaskIdentifier.invalid
            taskID = UIApplication.shared.beginBackgroundTask(withName: "flush") {
                UIApplication.shared.endBackgroundTask(taskID)
                taskID = .invalid
            }
            LedgerStore.shared.flush()
            UIApplication.shared.endBackgroundTask(taskID)
            scheduleRefresh(after: 3600)
        }
        WindowGroup(id: "entry", for: String.self) { $entryID in
            EntryView(entryID: entryID)
        }
    }

    private func scheduleRefresh(after seconds: Double) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.ledger.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: seconds)
        try? BGTaskScheduler.shared.submit(request)
    }
}

enum StorageKeys {
    static let launchedOnce = "launchedOnce"
}
