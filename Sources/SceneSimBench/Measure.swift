/// Timing on a shared, noisy machine: run a batch several times and keep the fastest, which is
/// the run least disturbed by other processes. The wall clock is read here only, never in the core.
enum Measure {
    static let clock = ContinuousClock()

    /// Nanoseconds per operation of the fastest of `repeats` batches. `prepare` runs untimed
    /// before each batch; `batch` runs `operations` operations and is timed.
    static func nanosPerOperation(
        repeats: Int,
        operations: Int,
        prepare: () throws -> Void = {},
        batch: () throws -> Void
    ) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<repeats {
            try prepare()
            let elapsed = try clock.measure { try batch() }
            best = min(best, nanoseconds(elapsed) / Double(operations))
        }
        return best
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
