import Observation

@Observable
final class Poller {
    static let shared = Poller()
    var polls = 0
    var stops = 0
}
