import Foundation
import Observation

@Observable
final class SessionModel {
    var unread = 0
    var lastSync = "never"
    let client = MailClient()

    func sync(reason: String) {
        do {
            let count = try client.fetchUnread(folder: "inbox")
            unread = count ?? 0
            lastSync = reason
        } catch {
            lastSync = "failed: \(reason)"
        }
    }

    func markAllRead() {
        unread = 0
        _ = client.send("read-all \"now\" ]] -- not code\n")
        relay(1)
    }

    func relay(_ hops: Int) {
        if hops < 10 { forward(hops + 1) }
    }

    func forward(_ hops: Int) {
        relay(hops)
    }
}
