import ByteText
/// Where a golden and the actual output first differ, for a one-line failure message:
/// `, first at line 3: expected "active", got "inactive"`.
struct FirstDifference: CustomStringConvertible {
    var description: String

    init(old: [UInt8], new: [UInt8]) {
        self.init(LineDiff(old: old, new: new), old: old, new: new)
    }

    /// From a diff already computed; past the diff's bounds, the first lines that differ.
    init(_ diff: LineDiff, old: [UInt8], new: [UInt8]) {
        if case let .tooLarge(first, oldCount, newCount) = diff.outcome {
            func quoted(_ text: [UInt8], _ count: Int) -> String {
                guard first < count else { return "nothing" }
                let line = text.split(separator: UInt8(ascii: "\n"), maxSplits: first + 1, omittingEmptySubsequences: false)[first]
                return "\"" + ByteString.displayed(line) + "\""
            }
            description = ", first at line \(first + 1): expected \(quoted(old, oldCount)), got \(quoted(new, newCount))"
            return
        }
        let lines = diff.lines
        guard let first = lines.firstIndex(where: { $0.kind != .unchanged }) else {
            description = ""
            return
        }
        let lineNumber = lines[..<first].count { $0.kind != .inserted } + 1
        let change = lines[first...].prefix { $0.kind != .unchanged }
        func quoted(_ kind: LineDiff.Line.Kind) -> String {
            change.first { $0.kind == kind }.map { "\"" + ByteString.displayed($0.text) + "\"" } ?? "nothing"
        }
        description = ", first at line \(lineNumber): expected \(quoted(.removed)), got \(quoted(.inserted))"
    }
}
