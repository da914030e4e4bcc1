import Foundation

/// Runs work items on up to `jobs` threads and hands the results back on the calling thread
/// in index order, each as soon as it and every item before it are done.
///
/// Delivering in order on the caller's thread is what makes the report byte-identical for any
/// `--jobs`, while still printing progressively; `deliver` needs no locking or `Sendable`.
enum OrderedParallel {
    static func forEach<Result: Sendable>(
        count: Int, jobs: Int,
        work: @escaping @Sendable (Int) -> Result,
        deliver: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let state = SharedState<Result>(count: count)
        for _ in 0..<min(jobs, count) {
            let thread = Thread {
                while let index = state.claimNext() {
                    state.complete(index, with: work(index))
                }
            }
            // Lua's C stack use grows with script recursion; match the main thread's usual 8 MiB
            // rather than the smaller default of secondary threads.
            thread.stackSize = 8 << 20
            thread.start()
        }
        for index in 0..<count {
            deliver(index, state.awaitResult(index))
        }
    }
}

// The condition guards every stored property, which is what makes the unchecked Sendable sound.
private final class SharedState<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result?]
    private var nextIndex = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func claimNext() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextIndex < results.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func complete(_ index: Int, with result: Result) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func awaitResult(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil {
            condition.wait()
        }
        // Release the slot: a long run holds only the results not yet delivered.
        defer { results[index] = nil }
        return results[index]!
    }
}
