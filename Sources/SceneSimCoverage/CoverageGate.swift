/// `--min-coverage transitions=100,states=100`: the least coverage, in percent, per metric.
package struct CoverageGate: Sendable, Equatable {
    package var minimums: [(metric: String, percent: Double)]

    package static func == (a: CoverageGate, b: CoverageGate) -> Bool {
        a.minimums.map(\.metric) == b.minimums.map(\.metric) && a.minimums.map(\.percent) == b.minimums.map(\.percent)
    }

    /// Parses the spec; the error says what was wrong and what is accepted.
    package init(parsing spec: String) throws(CoverageGateError) {
        minimums = []
        for part in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let metric = String(pair[0])
            guard CoverageReport.metrics.contains(metric) else {
                throw CoverageGateError(
                    message:
                        "--min-coverage: unknown metric '\(metric)'; give \(CoverageReport.metrics.dropLast().joined(separator: ", ")) or \(CoverageReport.metrics.last ?? "") with a percent, e.g. --min-coverage transitions=100,states=100"
                )
            }
            guard pair.count == 2, let percent = Double(pair[1]), percent >= 0, percent <= 100 else {
                throw CoverageGateError(message: "--min-coverage: '\(part)' needs a percent from 0 to 100, e.g. \(metric)=100")
            }
            // The same metric twice: which one holds would be a guess.
            guard !minimums.contains(where: { $0.metric == metric }) else {
                throw CoverageGateError(message: "--min-coverage: \(metric) is given twice; give each metric once, e.g. --min-coverage transitions=100,states=100")
            }
            minimums.append((metric, percent))
        }
    }

    /// What falls short: one line per metric under its minimum, naming what is not covered.
    /// Every model the suite ran is held to the bar; a suite of one model reads as before.
    package func shortfalls(in report: CoverageReport) -> [String] {
        minimums.flatMap { minimum -> [String] in
            let sections = report.sections(minimum.metric)
            return sections.compactMap { section -> String? in
                guard section.isUnder(percent: minimum.percent) else { return nil }
                let missing = section.items.filter { $0.hits == 0 }.map(\.name)
                // Handlers belong to an App whatever the count; a model is named when there are several.
                let which = section.owner.map { sections.count > 1 || minimum.metric == "handlers" ? " of \($0)" : "" } ?? ""
                return
                    "\(minimum.metric) coverage\(which) is \(section.covered)/\(section.items.count) (\(section.percentText)), under --min-coverage \(minimum.metric)=\(CoverageGate.number(minimum.percent)); not covered: \(missing.joined(separator: ", "))"
            }
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

package struct CoverageGateError: Error, Sendable {
    package var message: String
}
