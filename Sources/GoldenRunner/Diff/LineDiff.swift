/// A minimal line-by-line edit script between two byte texts (Myers, via `CollectionDifference`).
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

    var lines: [Line]

    /// The edit script turning `old` into `new`, removals before insertions within a change.
    init(old: [UInt8], new: [UInt8]) {
        let oldLines = LineDiff.split(old)
        let newLines = LineDiff.split(new)
        // Swift's `difference(from:)` is Myers' algorithm: a shortest edit script.
        let difference = newLines.difference(from: oldLines)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < oldLines.count || j < newLines.count {
            if i < oldLines.count, removed.contains(i) {
                result.append(oldLines[i].line(.removed))
                i += 1
            } else if j < newLines.count, inserted.contains(j) {
                result.append(newLines[j].line(.inserted))
                j += 1
            } else {
                result.append(oldLines[i].line(.unchanged))
                i += 1
                j += 1
            }
        }
        lines = result
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
