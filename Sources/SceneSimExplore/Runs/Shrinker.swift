/// Shrinks a failing run to a short one that fails the same way: deletes chunks of steps, then
/// single steps, then moves each argument toward its generator's minimum, keeping a candidate
/// only when its replay fails the same way (the same invariant or rule at the same place,
/// `ExploreFailure.isSame(as:)`, not any failure).
package struct Shrinker {
    /// Replays candidate steps; returns the steps that ran up to the failure when the replay
    /// fails with the label being shrunk, nil otherwise. (A replay skips steps whose
    /// precondition or arguments no longer hold, so what comes back may be shorter still.)
    package typealias Replay = ([ExploreStep]) -> [ExploreStep]?

    /// Replays tried so far.
    package private(set) var attempts = 0
    private let replay: Replay

    package init(replay: @escaping Replay) {
        self.replay = replay
    }

    package mutating func shrink(_ steps: [ExploreStep]) -> [ExploreStep] {
        var current = steps
        // Each round either removes a step or lowers an argument, so rounds are few; the bound
        // only guards against a replay that keeps returning the same steps.
        for _ in 0..<8 {
            let before = current
            deleteChunks(&current)
            shrinkArguments(&current)
            if current == before { break }
        }
        return current
    }

    private mutating func attempt(_ candidate: [ExploreStep]) -> [ExploreStep]? {
        attempts += 1
        return replay(candidate)
    }

    /// Chunks of half the run, then a quarter, ... then single steps.
    private mutating func deleteChunks(_ current: inout [ExploreStep]) {
        var size = max(1, current.count / 2)
        while true {
            var start = 0
            while start < current.count {
                let end = min(start + size, current.count)
                let candidate = Array(current[..<start] + current[end...])
                if let shorter = attempt(candidate), shorter.count < current.count {
                    current = shorter
                } else {
                    start += size
                }
            }
            if size == 1 { return }
            size = max(1, size / 2)
        }
    }

    private mutating func shrinkArguments(_ current: inout [ExploreStep]) {
        var index = 0
        while index < current.count {
            var slot = 0
            while index < current.count, slot < current[index].choices.count {
                if case .integer = current[index].choices[slot].value {
                    searchInteger(&current, index, slot)
                    slot += 1
                    continue
                }
                for value in Self.smaller(current[index].choices[slot]) {
                    var candidate = current
                    candidate[index].choices[slot].value = value
                    if let result = attempt(candidate), result.count <= current.count {
                        current = result
                        break
                    }
                }
                slot += 1
            }
            index += 1
        }
    }

    /// Lowers integer argument `slot` of step `index` to the smallest value that still fails the
    /// same way: the minimum if that fails, else a binary search between the minimum (passes)
    /// and the value (fails), at most 64 replays. (Halving then one less, a round at a time,
    /// stopped far from it: `n >= 1000` from a large draw ended at 330,754.) A replay that
    /// comes back with other steps (one was skipped) is kept if it is no longer, and ends the
    /// search: the places no longer hold.
    private mutating func searchInteger(_ current: inout [ExploreStep], _ index: Int, _ slot: Int) {
        guard case .integer(var failing) = current[index].choices[slot].value,
            case .integer(var passing) = current[index].choices[slot].minimum, failing > passing
        else { return }
        let steps = current.count
        /// Replays with the argument at `value`: whether it still failed the same way (kept).
        func fails(_ value: Int64, _ current: inout [ExploreStep]) -> Bool? {
            var candidate = current
            candidate[index].choices[slot].value = .integer(value)
            guard let result = attempt(candidate), result.count <= current.count else { return false }
            current = result
            // Steps were skipped: stop here, with what the replay kept.
            return result.count == steps ? true : nil
        }
        switch fails(passing, &current) {
        case true?: return
        case nil: return
        case false?: break
        }
        // The distance as UInt64: exact across the whole range.
        while UInt64(bitPattern: failing) &- UInt64(bitPattern: passing) > 1 {
            let middle = passing &+ Int64(bitPattern: (UInt64(bitPattern: failing) &- UInt64(bitPattern: passing)) / 2)
            switch fails(middle, &current) {
            case true?: failing = middle
            case false?: passing = middle
            case nil: return
            }
        }
    }

    /// Values to try in place of a choice, smallest first: the minimum, then halfway there,
    /// then one less.
    static func smaller(_ choice: ExploreStep.Choice) -> [ExploreStep.Value] {
        switch (choice.value, choice.minimum) {
        case (.integer(let value), .integer(let minimum)) where value > minimum:
            // The distance as UInt64: exact across the whole range (int(math.mininteger,
            // math.maxinteger) trapped on the overflow of value - minimum).
            let half = minimum &+ Int64(bitPattern: (UInt64(bitPattern: value) &- UInt64(bitPattern: minimum)) / 2)
            return [.integer(minimum)] + (half > minimum ? [.integer(half)] : []) + (value - 1 > half ? [.integer(value - 1)] : [])
        case (.number(let value), .number(let minimum)) where value > minimum:
            // Halved apart when the distance overflows (float(-1e308, 1e308)).
            let half = (value - minimum).isFinite ? minimum + (value - minimum) / 2 : minimum / 2 + value / 2
            return [.number(minimum)] + (half > minimum && half < value ? [.number(half)] : [])
        case (.boolean(true), .boolean(false)):
            return [.boolean(false)]
        default:
            return []
        }
    }
}
