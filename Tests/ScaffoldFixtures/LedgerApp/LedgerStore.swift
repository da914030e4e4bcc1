import Foundation
import Observation

/// The app's one store, shared by every window.
@Observable
final class LedgerStore {
    static let shared = LedgerStore()

    var launches = 0
    var pending = 0
    var flushed = 0
    var refreshCount = 0
    var opened = 0
    var synced = false

    func flush() {
        guard pending > 0 else { return }
        flushed += pending
        pending = 0
    }

    func note(_ count: Int, times: Int = 1) {
        pending += count * times
    }
}
