import Foundation
import Observation

/// The demo licence: seven days from the first launch.
@Observable
final class License {
    static let shared = License()

    var expired = false
    var checks = 0

    var receipt: Receipt?

    func check(daysUsed: Int) {
        checks += 1
        if receipt is AppStoreReceipt {
            return
        }
        if daysUsed >= 7 {
            expired = true
        }
    }
}
