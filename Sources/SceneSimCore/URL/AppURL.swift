import ByteText

/// A URL taken apart the way an app's `.onOpenURL` handler reads it: scheme, host, decoded path
/// components, query items and fragment (semantics 8.4, `sim.url`).
///
/// Bytes throughout: a URL is the script's bytes and every decoded part is bytes too, so
/// `%FF` decodes to the byte 0xFF and `é` written raw stays its two UTF-8 bytes. The rules
/// follow RFC 3986 and what `URLComponents` does, and are spelled out where they choose:
/// - the scheme is case-insensitive and returned lowercased (`APP://x` has scheme `app`);
/// - `host` is everything between `//` and the next `/`, `?` or `#`, decoded but not
///   lowercased (custom schemes use it as a route name); without `//` there is no host
///   (`app:settings` has host nil and path `{"settings"}`);
/// - the path is split at `/` before decoding, so `%2F` stays inside one component; empty
///   components (`//`, a leading or trailing `/`) are dropped, as `URL.pathComponents` does;
/// - query items split at `&`, then at the first `=`; an item without `=` has the value `""`;
///   empty items (`&&`) are skipped; `+` is a plus sign, not a space (as in `URLComponents`;
///   a space is `%20`); all items are kept in order in `queryItems`;
/// - the fragment is everything after the first `#`, decoded; nil when there is no `#`;
/// - a space or control byte anywhere, or a `%` not followed by two hex digits, makes the URL
///   unparsable (raw bytes of 0x80 and above are accepted and kept exactly).
package struct AppURL: Equatable, Sendable {
    package struct QueryItem: Equatable, Sendable {
        package var name: ByteString
        package var value: ByteString
        package init(name: ByteString, value: ByteString) {
            self.name = name
            self.value = value
        }
    }

    package var scheme: ByteString
    package var host: ByteString?
    package var path: [ByteString]
    package var queryItems: [QueryItem]
    package var fragment: ByteString?

    /// The query as a dictionary-like list: one entry per name, the last value of a repeated
    /// name winning (as assigning the items in order would), sorted by name for stable output.
    package var query: [(name: ByteString, value: ByteString)] {
        var last: [ByteString: ByteString] = [:]
        for item in queryItems { last[item.name] = item.value }
        return last.keys.sorted().map { ($0, last[$0]!) }
    }

    /// Parses `text`; the error says what is wrong (the caller adds which call and where).
    package init(parsing text: ByteString) throws(SimError) {
        let bytes = text.bytes
        guard !bytes.isEmpty else {
            throw SimError(.invalidValue, "it is empty; a URL looks like app://doc/42")
        }
        for (offset, byte) in bytes.enumerated() where byte <= 0x20 || byte == 0x7F {
            let what = byte == 0x20 ? "a space" : "the control byte \(ByteString([byte]).escaped)"
            let hex = String(byte, radix: 16, uppercase: true)
            throw SimError(.invalidValue, "byte \(offset + 1) is \(what); percent-encode it as %\(hex.count == 1 ? "0" + hex : hex)")
        }
        // The scheme ends at the first ":" that comes before any "/", "?" or "#".
        let delimiters: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
        guard let colon = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || delimiters.contains($0) }),
            bytes[colon] == UInt8(ascii: ":"), colon > 0
        else {
            throw SimError(.invalidValue, "it has no scheme (the part before \":\", as \"app\" in app://doc/42)")
        }
        let schemeBytes = bytes[..<colon]
        guard Self.isValidScheme(schemeBytes) else {
            throw SimError(.invalidValue, "the scheme \(ByteString(schemeBytes).quoted) must start with a letter and hold only letters, digits, \"+\", \"-\" and \".\"")
        }
        scheme = ByteString(schemeBytes.map { Self.lowercased($0) })

        var rest = bytes[(colon + 1)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = try Self.decode(rest[(hash + 1)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            queryItems = try Self.queryItems(rest[(question + 1)...])
            rest = rest[..<question]
        } else {
            queryItems = []
        }
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let authority = rest.dropFirst(2)
            let end = authority.firstIndex(of: UInt8(ascii: "/")) ?? authority.endIndex
            host = try Self.decode(authority[..<end])
            rest = authority[end...]
        } else {
            host = nil
        }
        var components: [ByteString] = []
        for piece in rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            components.append(try Self.decode(piece))
        }
        path = components
    }

    private static func queryItems(_ query: ArraySlice<UInt8>) throws(SimError) -> [QueryItem] {
        var items: [QueryItem] = []
        for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                items.append(QueryItem(name: try decode(piece[..<equals]), value: try decode(piece[(equals + 1)...])))
            } else {
                items.append(QueryItem(name: try decode(piece), value: ByteString()))
            }
        }
        return items
    }

    /// Percent-decodes one part. Slices keep the indices of the whole text, so positions in
    /// errors count from 1 in the text the script gave.
    private static func decode(_ part: ArraySlice<UInt8>) throws(SimError) -> ByteString {
        var out: [UInt8] = []
        out.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                index += 1
                continue
            }
            guard let high = hexValue(part[safe: index + 1, end: part.endIndex]),
                let low = hexValue(part[safe: index + 2, end: part.endIndex])
            else {
                let shown = ByteString(part[index..<min(index + 3, part.endIndex)]).quoted
                throw SimError(.invalidValue, "\(shown) at byte \(index + 1) is not a percent escape (% and two hex digits); write a literal % as %25")
            }
            out.append(high << 4 | low)
            index += 3
        }
        return ByteString(out)
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        switch byte {
        case let b? where (0x30...0x39).contains(b): b - 0x30
        case let b? where (0x41...0x46).contains(b): b - 0x41 + 10
        case let b? where (0x61...0x66).contains(b): b - 0x61 + 10
        default: nil
        }
    }

    private static func isValidScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}

private extension ArraySlice where Element == UInt8 {
    /// The byte at `index` if it lies before `end`.
    subscript(safe index: Int, end end: Int) -> UInt8? {
        index < end ? self[index] : nil
    }
}
