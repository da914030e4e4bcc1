import ByteText
/// Renders a run as JUnit XML for CI dashboards: per case its `file`, its `time` in seconds,
/// and for a failure its `type` (the `CaseRecord.Failure.Kind`), a one-line message and the
/// report text. No host names or timestamps; times come from the run's injected clock.
enum JUnitReport {
    static func render(_ records: [CaseRecord]) -> String {
        let failures = records.count { $0.failure != nil }
        let counts = "tests=\"\(records.count)\" failures=\"\(failures)\" errors=\"0\""
        let total = records.compactMap(\.time).reduce(Duration.zero, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"scenesim\" \(counts) time=\"\(seconds(total))\">\n"
        xml += "  <testsuite name=\"scenesim test\" \(counts) skipped=\"0\" time=\"\(seconds(total))\">\n"
        for record in records {
            var attributes = "classname=\"\(escape(record.classname))\" name=\"\(escape(record.name))\""
            if let file = record.file { attributes += " file=\"\(escape(file))\"" }
            attributes += " time=\"\(seconds(record.time ?? .zero))\""
            guard let failure = record.failure else {
                xml += "    <testcase \(attributes)/>\n"
                continue
            }
            xml += "    <testcase \(attributes)>\n"
            xml += "      <failure type=\"\(failure.kind.rawValue)\" message=\"\(escape(failure.message))\">"
            xml += "\(escape(failure.details, attribute: false))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Seconds with millisecond precision, as JUnit readers expect: `1.500`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let milliseconds = whole * 1000 + fraction / 1_000_000_000_000_000
        let digits = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    // Report text is already made visible (`ByteString.displayed`); the project's one XML
    // escaper makes it safe in content and attributes, so the report always parses.
    static func escape(_ text: String, attribute: Bool = true) -> String { XMLText.escaped(text, attribute: attribute) }
}
