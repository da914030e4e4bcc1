import Foundation
import Observation

/// The read marks not sent yet: they live only in memory.
@Observable
final class ReadQueue {
    static let shared = ReadQueue()
    var pending: [Int] = []

    func flush(upTo post: Int) {
        UserDefaults.standard.set(post, forKey: SettingsKeys.lastRead)
    }
}

enum SettingsKeys {
    static let lastRead = "lastReadPost"
}
