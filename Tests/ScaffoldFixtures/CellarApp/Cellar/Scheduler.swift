import Defaults
import Foundation
import Observation

extension Defaults.Keys {
    static let checkHourly = Key<Bool>("checkHourly", default: true)
}

/// Checks for outdated packages every hour in the background.
@Observable
final class Scheduler {
    static let shared = Scheduler()

    var registrations = 0
    var checks = 0
    var windowAppearances = 0
    var timer: Timer?
    @ObservableDefault(.checkHourly) @ObservationIgnored var checkHourly: Bool

    /// The package manager's command line.
    var cli: PackageCLI { PackageCLI.current }

    func register() {
        guard checkHourly else { return }
        registrations += 1
        timer = Timer.scheduledTimer(withTimeInterval: 3600, repeats: true) { _ in
            self.check()
        }
    }

    func check() {
        checks += 1
        cli.outdated()
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
