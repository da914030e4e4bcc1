/// Renders a run as JUnit XML for CI dashboards; deterministic (no times, no host names).
enum JUnitReport {
    static func render(_ records: [CaseRecord]) -> String {
        let failures = records.count { $0.failure != nil }
        let counts = "tests=\"\(records.count)\" failures=\"\(failures)\" errors=\"0\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"scenesim\" \(counts)>\n"
        xml += "  <testsuite name=\"scenesim test\" \(counts) skipped=\"0\">\n"
        for record in records {
            let attributes = "classname=\"\(escape(record.classname))\" name=\"\(escape(record.name))\""
            guard let failure = record.failure else {
                xml += "    <testcase \(attributes)/>\n"
                continue
            }
            xml += "    <testcase \(attributes)>\n"
            xml += "      <failure message=\"\(escape(failure.message))\">\(escape(failure.details))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    // Scenario output can hold any text; characters XML 1.0 forbids (most C0 controls, such as
    // an ANSI escape) become U+FFFD so the report always parses.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
