/// The one way scenesim shows a string's bytes as text: the body of a Lua string literal.
///
/// Valid UTF-8 that prints passes through ("é" stays "é"); `\` is escaped, and `"` inside
/// quotes; tab,
/// newline and carriage return read `\t`, `\n`, `\r`; every other control character (C0, DEL,
/// C1, which includes the terminal's ESC) and every byte that is not part of valid UTF-8 reads
/// `\ddd` with always three digits, so a digit after it can never join it. Lua reads a quoted
/// result back as the same bytes, and no escaped text contains a line break or a terminal
/// control sequence, so a value can never forge a line of the trace.
extension ByteString {
    /// The bytes as text without quotes around it (free text: a note, a user name), where
    /// `"` needs no escape.
    public var escaped: String {
        // Field names and most values have nothing to escape: decoded directly, a short one
        // stays in the String itself, where reserving capacity first would allocate.
        if Self.isPlain(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var text = ""
        text.reserveCapacity(bytes.count)
        Self.escape(bytes, into: &text, quotes: false)
        return text
    }

    /// The bytes as a quoted, escaped string literal, as the trace and scenarios write it:
    /// `"a\n\"b\""`.
    public var quoted: String {
        var text = "\""
        text.reserveCapacity(bytes.count + 2)
        Self.escape(bytes, into: &text, quotes: true)
        text.append("\"")
        return text
    }

    /// Bytes as a person should see them in a report or a diff of output: as they are, except
    /// what a terminal would act on or cannot show — control characters other than tab (and
    /// line feed, with `keepingNewlines`) and bytes that are not valid UTF-8 — which read
    /// `\ddd` as in `escaped`. A backslash stays as it is: the text mirrors the output, it is not
    /// a literal to read back.
    package static func displayed(_ bytes: some Collection<UInt8>, keepingNewlines: Bool = false) -> String {
        let bytes = Array(bytes)
        var text = ""
        text.reserveCapacity(bytes.count)
        escape(bytes, into: &text, quotes: false, literal: false, keepingNewlines: keepingNewlines)
        return text
    }

    /// Whether `bytes` are printable ASCII without a backslash: text that `escaped` leaves as
    /// it is (a field name, an id).
    /// (Not generic: called from another module, a generic one ran unspecialised, a closure
    /// call per byte.)
    package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7f || byte == UInt8(ascii: "\\") { return false }
        return true
    }

    package static func isPlain(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isPlain($0) }
    }

    /// Escapes `bytes` (see the type's comment) and appends them to `text`; `quotes` says
    /// whether the text goes between double quotes, where `"` must be escaped too. With
    /// `literal` false (see `displayed`), `\` and tab stay as they are, and so does line feed
    /// with `keepingNewlines`.
    package static func escape(_ bytes: [UInt8], into text: inout String, quotes: Bool, literal: Bool = true, keepingNewlines: Bool = false) {
        // The common case, printable ASCII with nothing to escape (ids, values, most notes),
        // is appended in one piece rather than byte by byte.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\\") && ($0 != UInt8(ascii: "\"") || !quotes) }) {
            text += String(decoding: bytes, as: UTF8.self)
            return
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\"") where quotes: text += "\\\""
            case UInt8(ascii: "\\") where literal: text += "\\\\"
            case UInt8(ascii: "\t") where !literal: text += "\t"
            case UInt8(ascii: "\n") where !literal && keepingNewlines: text += "\n"
            case UInt8(ascii: "\n") where literal: text += "\\n"
            case UInt8(ascii: "\t"): text += "\\t"
            case UInt8(ascii: "\r") where literal: text += "\\r"
            case 0x20..<0x7f: text.unicodeScalars.append(Unicode.Scalar(byte))
            case 0..<0x20, 0x7f: appendDecimal(byte, to: &text)
            default:
                if let (scalar, length) = scalar(in: bytes, at: index), scalar.value >= 0xa0 {
                    text.unicodeScalars.append(scalar)
                    index += length
                    continue
                }
                appendDecimal(byte, to: &text)
            }
            index += 1
        }
    }

    private static func appendDecimal(_ byte: UInt8, to text: inout String) {
        let digits = String(byte)
        text += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// The scalar a valid UTF-8 sequence starting at `index` encodes, and its length; nil for
    /// an invalid one (bad lead or continuation byte, overlong form, surrogate, past U+10FFFF).
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        var minimum: UInt32
        switch lead {
        case 0xc2...0xdf: length = 2; value = UInt32(lead & 0x1f); minimum = 0x80
        case 0xe0...0xef: length = 3; value = UInt32(lead & 0x0f); minimum = 0x800
        case 0xf0...0xf4: length = 4; value = UInt32(lead & 0x07); minimum = 0x10000
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xc0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3f)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
