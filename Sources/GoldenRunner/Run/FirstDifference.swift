import ByteText
/// Where a golden and the actual output first differ, for a one-line failure message:
/// `, first at line 3: expected "active", got "inactive"`.
struct FirstDifference: CustomStringConvertible {
    var description: String

    init(old: [UInt8], new: [UInt8]) {
        let lines = LineDiff(old: old, new: new).lines
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
