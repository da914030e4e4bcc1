/// Text placed inside the formats scenesim writes for tools: JSON string literals (JSON Lines
/// traces, Chrome traces, coverage reports) and XML (SVG timelines, JUnit reports). One place
/// each, so the formats never drift apart.
package enum JSONText {
    /// `text` as a JSON string literal: `"` and `\` escaped, line breaks and tabs named, and
    /// every other control character — C0, DEL and C1, the terminal's ESC among them — as
    /// `\u00XX`, so a JSON line never carries a raw control byte.
    package static func quoted(_ text: String) -> String {
        // Most text needs no escape: copied whole (scaffold's JSON quotes thousands of names).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7f..<0xa0).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

package enum XMLText {
    /// `text` for XML content or a quoted attribute: markup characters as entities; tab, line
    /// feed and carriage return kept — as they are in content, as character references in an
    /// attribute (where a parser would turn them into spaces); the control characters XML 1.0
    /// forbids outright as visible `\ddd`, as the trace shows them; U+FFFE and U+FFFF, also
    /// forbidden, as U+FFFD. The result always parses.
    package static func escaped(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t" where !attribute, "\n" where !attribute, "\r" where !attribute:
                out.unicodeScalars.append(scalar)
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let digits = String(scalar.value)
                    out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
