/// Scenario output made safe to show on a terminal or in a report: bytes in, text out.
///
/// A scenario can print anything; shown raw, an ANSI escape sequence would recolour or clear
/// the user's terminal, a NUL would cut the line short, and invalid UTF-8 would turn into
/// U+FFFD, hiding the very byte that differs. So controls (C0 but tab, DEL, C1) and bytes that
/// are not UTF-8 are written as Lua escapes (`\x1B`, `\xFF`, `\u{9B}`); everything else, UTF-8
/// text included, stays as it is.
enum VisibleText {
    /// The bytes as visible text; with `keepingNewlines`, LF stays a line break (for blocks of
    /// several lines, such as an error and its traceback).
    static func escape(_ bytes: some Collection<UInt8>, keepingNewlines: Bool = false) -> String {
        let bytes = Array(bytes)
        var text = ""
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                let shown = byte == 9 || (byte == 10 && keepingNewlines) || (byte >= 0x20 && byte != 0x7F)
                text += shown ? String(UnicodeScalar(byte)) : hex(byte)
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let end = min(index + length, bytes.count)
            if length > 1, let scalar = String(validating: bytes[index..<end], as: UTF8.self)?.unicodeScalars.first,
               end - index == length {
                text += (0x80...0x9F).contains(scalar.value) ? "\\u{\(hexDigits(scalar.value))}" : String(scalar)
                index = end
            } else {
                text += hex(byte)
                index += 1
            }
        }
        return text
    }

    private static func hex(_ byte: UInt8) -> String {
        "\\x" + (byte < 0x10 ? "0" : "") + hexDigits(UInt32(byte))
    }

    private static func hexDigits(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
