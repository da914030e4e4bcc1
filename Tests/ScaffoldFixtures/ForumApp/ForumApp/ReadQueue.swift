import Observation
import UIKit

/// Read marks waiting to be sent to the server.
@Observable
final class ReadQueue {
    static let shared = ReadQueue()

    var pending = 0
    var sent = 0
    var flushing = false
    var launches = 0
    var refreshes = 0
    var openedFromNotification = 0

    func mark(_ thread: Int) {
        pending += 1
    }

    func flush() {
        flushing = true
        defer { flushing = false }
        guard pending > 0 else { return }
        ForumAPI.markRead(count: pending)
        sent += pending
        pending = 0
    }

    func flushInBackground() {
        var task = UIBackgroundTaskIdentifier.invalid
        task = UIApplication.shared.beginBackgroundTask(withName: "flush-read-marks") {
            UIApplication.shared.endBackgroundTask(task)
            task = .invalid
        }
        Task {
            flush()
            try? await Task.sleep(for: .seconds(2))
            UIApplication.shared.endBackgroundTask(task)
        }
    }
}
