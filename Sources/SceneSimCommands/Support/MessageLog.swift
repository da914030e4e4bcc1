import Synchronization

/// Messages collected from the scenarios' worker threads, read once the run is over.
final class MessageLog: Sendable {
    private let messages = Mutex<[String]>([])

    func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    /// Sorted, so the report does not depend on which thread finished first.
    var sorted: [String] { messages.withLock { $0.sorted() } }
}
