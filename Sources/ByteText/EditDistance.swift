/// How far apart two names are, for "did you mean" suggestions.
///
/// Optimal string alignment distance: Levenshtein plus adjacent transpositions ("mian" is one
/// typo away from "main"), the most common slip when typing a name. Only distances up to a
/// bound matter (a suggestion is a near miss), so the work is bounded too: pairs whose lengths
/// differ by more than the bound are not compared, only the diagonal band of width
/// `2 * bound + 1` is computed, and a row whose every cell is past the bound ends the
/// comparison. A 20,000-character name costs a few hundred thousand steps, not 400 million.
package enum EditDistance {
    /// The distance between `a` and `b` when it is at most `bound`, else nil.
    package static func distance<C: Collection>(_ a: C, _ b: C, bound: Int) -> Int? where C.Element: Equatable {
        let a = Array(a), b = Array(b)
        guard bound >= 0, abs(a.count - b.count) <= bound else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let outside = bound + 1  // any value past the bound: cells outside the band
        var beforePrevious = [Int](repeating: outside, count: b.count + 1)
        var previous = (0...b.count).map { min($0, outside) }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - bound), high = min(b.count, i + bound)
            current[low - 1] = low == 1 ? min(i, outside) : outside
            var rowMinimum = current[low - 1]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cell = min(cell, beforePrevious[j - 2] + 1)
                }
                current[j] = min(cell, outside)
                rowMinimum = min(rowMinimum, current[j])
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > bound { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }

    /// The candidate closest to `name` within `bound` (the first of equally close ones), else nil.
    package static func closest(to name: String, among candidates: [String], bound: (String) -> Int) -> String? {
        let key = Array(name.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let limit = min(bound(candidate), best.map { $0.distance - 1 } ?? Int.max)
            guard limit >= 0 else { continue }
            if let distance = distance(key, Array(candidate.lowercased().unicodeScalars), bound: limit) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
