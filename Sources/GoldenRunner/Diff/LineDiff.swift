/// A minimal line-by-line edit script between two byte texts (Myers' algorithm), bounded: the
/// common first and last lines are set aside in linear time, and the rest gets at most
/// `maxEdits` edits and `maxWork` steps before the diff gives up and says only where the texts
/// first differ (`Outcome.tooLarge`). So a golden of 100,000 lines, all changed, costs linear
/// time and memory rather than the quadratic cost of a full shortest edit script.
///
/// Lines are compared as bytes: two lines that differ only in a canonically equivalent spelling
/// (`é` as one scalar or as `e` and a combining accent) are different lines, as they are in the file.
struct LineDiff: Sendable, Hashable {
    /// One line of the edit script.
    struct Line: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case unchanged, removed, inserted }
        var kind: Kind
        /// The line's bytes, without its newline.
        var text: [UInt8]
        /// Whether the line is the last of its text and has no newline after it.
        var lacksNewline: Bool
    }

    /// The edit script, or why there is none.
    enum Outcome: Sendable, Hashable {
        case lines([Line])
        /// Too many changes for a line diff within the bounds: the 0-based index of the first
        /// line that differs, and the two texts' line counts.
        case tooLarge(firstDifference: Int, oldCount: Int, newCount: Int)
        /// `isCancelled` said to stop (the scenario's time ran out).
        case cancelled
    }

    var outcome: Outcome

    /// The edit script when there is one; empty otherwise (use `outcome` to tell why).
    var lines: [Line] {
        if case .lines(let lines) = outcome { return lines }
        return []
    }

    /// The most edits (removed plus inserted lines) a diff looks for, and the most steps it takes.
    /// 1,000 edits keep at most about 4 MB of rounds; 20 million steps take well under a second.
    static let defaultMaxEdits = 1_000
    static let defaultMaxWork = 20_000_000

    /// The edit script turning `old` into `new`, removals before insertions within a change.
    init(
        old: [UInt8], new: [UInt8], maxEdits: Int = LineDiff.defaultMaxEdits, maxWork: Int = LineDiff.defaultMaxWork,
        isCancelled: () -> Bool = { false }
    ) {
        let oldLines = LineDiff.split(old)
        let newLines = LineDiff.split(new)
        // Lines as numbers (equal lines, equal numbers), so the search compares integers.
        var numbers: [Token: Int32] = [:]
        let a = oldLines.map { token in
            numbers[token]
                ?? {
                    numbers[token] = Int32(numbers.count); return Int32(numbers.count - 1)
                }()
        }
        let b = newLines.map { token in
            numbers[token]
                ?? {
                    numbers[token] = Int32(numbers.count); return Int32(numbers.count - 1)
                }()
        }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var middle = Myers(a: a[prefix..<(a.count - suffix)], b: b[prefix..<(b.count - suffix)], maxEdits: maxEdits, maxWork: maxWork)
        guard let script = middle.script(isCancelled: isCancelled) else {
            outcome = middle.cancelled ? .cancelled : .tooLarge(firstDifference: prefix, oldCount: a.count, newCount: b.count)
            return
        }
        var result: [Line] = []
        result.reserveCapacity(max(a.count, b.count) + script.count)
        for index in 0..<prefix { result.append(oldLines[index].line(.unchanged)) }
        var i = prefix, j = prefix
        for edit in script {
            // Unchanged lines up to the edit, then the edit itself.
            while i < edit.old + prefix, j < edit.new + prefix {
                result.append(oldLines[i].line(.unchanged))
                i += 1
                j += 1
            }
            if edit.isInsertion {
                result.append(newLines[j].line(.inserted))
                j += 1
            } else {
                result.append(oldLines[i].line(.removed))
                i += 1
            }
        }
        while i < oldLines.count, j < newLines.count {
            result.append(oldLines[i].line(.unchanged))
            i += 1
            j += 1
        }
        outcome = .lines(LineDiff.removalsFirst(result))
    }

    /// Within each run of changes, removals come before insertions (as `diff -u` shows them).
    private static func removalsFirst(_ lines: [Line]) -> [Line] {
        var result: [Line] = []
        result.reserveCapacity(lines.count)
        var inserted: [Line] = []
        for line in lines {
            switch line.kind {
            case .removed: result.append(line)
            case .inserted: inserted.append(line)
            case .unchanged:
                result += inserted
                inserted.removeAll(keepingCapacity: true)
                result.append(line)
            }
        }
        return result + inserted
    }

    private struct Token: Hashable {
        var text: [UInt8]
        var lacksNewline: Bool
        func line(_ kind: Line.Kind) -> Line { Line(kind: kind, text: text, lacksNewline: lacksNewline) }
    }

    // Splits on LF bytes, so a CR stays part of its line and shows in the diff.
    private static func split(_ text: [UInt8]) -> [Token] {
        guard !text.isEmpty else { return [] }
        var pieces = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let terminated = pieces.last?.isEmpty == true
        if terminated { pieces.removeLast() }
        return pieces.enumerated().map { index, piece in
            Token(text: Array(piece), lacksNewline: !terminated && index == pieces.count - 1)
        }
    }
}

/// Myers' greedy search for a shortest edit script, keeping each round's furthest reaches for
/// the way back: memory grows with the square of the edits found, time with lines × edits, so
/// both are bounded by `maxEdits` and `maxWork`.
private struct Myers {
    struct Edit {
        /// Positions (relative to the slices) before the edit.
        var old: Int
        var new: Int
        var isInsertion: Bool
    }

    let a: ArraySlice<Int32>
    let b: ArraySlice<Int32>
    let maxEdits: Int
    let maxWork: Int
    private(set) var cancelled = false

    init(a: ArraySlice<Int32>, b: ArraySlice<Int32>, maxEdits: Int, maxWork: Int) {
        self.a = a
        self.b = b
        self.maxEdits = maxEdits
        self.maxWork = maxWork
    }

    /// The edits in order, or nil past the bounds or when cancelled.
    mutating func script(isCancelled: () -> Bool) -> [Edit]? {
        let n = a.count, m = b.count
        if n == 0 || m == 0 {
            guard n + m <= maxEdits else { return nil }
            return (0..<n).map { Edit(old: $0, new: 0, isInsertion: false) } + (0..<m).map { Edit(old: n, new: $0, isInsertion: true) }
        }
        let a0 = a.startIndex, b0 = b.startIndex
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        // Int32: positions of a text of fewer than 2^31 lines; half the memory of Int.
        var v = [Int32](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int32]] = []
        var work = 0
        for d in 0...limit {
            if d % 64 == 0, isCancelled() {
                cancelled = true
                return nil
            }
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = Int(k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1)
                let startX = x
                var y = x - k
                while x < n, y < m, a[a0 + x] == b[b0 + y] {
                    x += 1
                    y += 1
                }
                work += 1 + x - startX
                v[offset + k] = Int32(x)
                if x >= n, y >= m { return backtrack(trace: trace, finalD: d) }
            }
            work += d
            if work > maxWork { return nil }
        }
        return nil
    }

    /// Walks the saved rounds back from the end, collecting one edit per round.
    private func backtrack(trace: [[Int32]], finalD: Int) -> [Edit] {
        var edits: [Edit] = []
        edits.reserveCapacity(finalD)
        var x = a.count, y = b.count
        for d in stride(from: finalD, to: 0, by: -1) {
            // trace[d] holds v[-d-1 ... d+1] as it was at the start of round d.
            let saved = trace[d]
            func at(_ k: Int) -> Int { Int(saved[k + d + 1]) }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // The edit that led from the previous round's reach to this diagonal (the common
            // lines after it are the unchanged ones the caller fills in).
            edits.append(Edit(old: previousX, new: previousY, isInsertion: down))
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }
}
