/// An effect's name as generated modules write it (scenarios/README.md, "Effects"): `"Type.method"`, optionally
/// followed by `@FILE:LINE`, the Swift location of the call. The location is split off at the
/// last `@` whose tail reads `something:digits`; a name without one has no location.
package enum EffectName {
    package static func split(_ raw: ByteString) -> (name: ByteString, location: ByteString?) {
        let bytes = raw.bytes
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return (raw, nil) }
        let tail = bytes[(at + 1)...]
        guard let colon = tail.lastIndex(of: UInt8(ascii: ":")), colon > tail.startIndex, colon + 1 < tail.endIndex,
            tail[(colon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return (raw, nil) }
        return (ByteString(Array(bytes[..<at])), ByteString(Array(tail)))
    }

    /// The names of the effects `text` (a generated module) calls, `app:effect("...")` and
    /// `w:effect("...")` (or passed to pcall: `pcall(app.effect, app, "...")`), without their
    /// locations, sorted and each once.
    package static func called(in text: String) -> [String] {
        var names: Set<String> = []
        for match in text.matches(of: #/(?::effect\(\s*|\.effect\s*,\s*[A-Za-z_][A-Za-z0-9_]*\s*,\s*)"((?:[^"\\]|\\.)*)"/#) {
            let name = split(ByteString(unescaped(String(match.output.1)))).name
            if let text = name.string { names.insert(text) }
        }
        return names.sorted()
    }

    /// A Lua string literal's body with its simple escapes (`\"`, `\\`, `\n`, `\ddd`) undone.
    private static func unescaped(_ body: String) -> [UInt8] {
        var out: [UInt8] = []
        var bytes = Array(body.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = bytes.popFirst() else { out.append(byte); continue }
            switch next {
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = bytes.first, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { break }
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                    bytes.removeFirst()
                }
                out.append(UInt8(clamping: value))
            default: out.append(next)
            }
        }
        return out
    }
}
