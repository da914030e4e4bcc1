import Foundation
import Observation

/// The demo licence: seven days from the first launch.
@Observable
final class License {
    static let shared = License()

    var expired = false
    var checks = 0

    func check(daysUsed: Int) {
        checks += 1
        if daysUsed >= 7 {
            expired = true
        }
    }
}
