import Foundation
import Observation

/// Checks for outdated packages every hour in the background.
@Observable
final class Scheduler {
    static let shared = Scheduler()

    var registrations = 0
    var checks = 0
    var timer: Timer?

    func register() {
        registrations += 1
        timer = Timer.scheduledTimer(withTimeInterval: 3600, repeats: true) { _ in
            self.check()
        }
    }

    func check() {
        checks += 1
        PackageCLI.outdated()
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
