/// Reads the old ASCII property list form of `project.pbxproj`: `{ key = value; }`,
/// `( a, b, )`, quoted and bare strings, `<hex>` data, `/* */` and `//` comments. Without
/// recursion, so no nesting depth exhausts the stack.
struct ASCIIPropertyListReader: PropertyListReader {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    private typealias Frame = PropertyListFrame

    mutating func document() throws(PropertyList.Failure) -> PropertyList {
        var stack: [Frame] = []
        while true {
            skipSpaceAndComments()
            guard position < bytes.count else { throw .init(line: line, message: "the file ends inside \(stack.isEmpty ? "nothing" : "a { } or ( ) that is not closed")") }
            // Inside a dictionary, before a key: `}` closes it, else `key =`.
            if let frame = stack.last, frame.isDictionary, frame.key == nil {
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    let done = stack.removeLast()
                    if let value = try finish(.dictionary(done.entries, line: done.line), into: &stack) { return value }
                    continue
                }
                let key = try scalar()
                skipSpaceAndComments()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw .init(line: line, message: "expected = after the key \(key)") }
                position += 1
                stack[stack.count - 1].key = key
                continue
            }
            if let frame = stack.last, !frame.isDictionary, bytes[position] == UInt8(ascii: ")") {
                position += 1
                let done = stack.removeLast()
                if let value = try finish(.array(done.items, line: done.line), into: &stack) { return value }
                continue
            }
            if bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "("), stack.count >= PropertyList.maximumDepth {
                throw .init(line: line, message: "nests deeper than \(PropertyList.maximumDepth) levels")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                stack.append(Frame(isDictionary: true, line: line))
                position += 1
            case UInt8(ascii: "("):
                stack.append(Frame(isDictionary: false, line: line))
                position += 1
            default:
                let start = line
                let text = try scalar()
                if let value = try finish(.string(text, line: start), into: &stack) { return value }
            }
        }
    }

    /// Adds a finished value to the container below it and reads its separator; the value
    /// itself when it is the top one.
    private mutating func finish(_ value: PropertyList, into stack: inout [Frame]) throws(PropertyList.Failure) -> PropertyList? {
        guard !stack.isEmpty else { return value }
        skipSpaceAndComments()
        if stack[stack.count - 1].isDictionary {
            guard let key = stack[stack.count - 1].key else { throw .init(line: line, message: "a value without a key") }
            stack[stack.count - 1].entries.append((key, value))
            stack[stack.count - 1].key = nil
            guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else { throw .init(line: line, message: "expected ; after the value of \(key)") }
            position += 1
        } else {
            stack[stack.count - 1].items.append(value)
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if position >= bytes.count || bytes[position] != UInt8(ascii: ")") {
                throw .init(line: line, message: "expected , or ) in a list")
            }
        }
        return nil
    }

    /// A quoted string, a bare word or `<hex data>`.
    private mutating func scalar() throws(PropertyList.Failure) -> String {
        guard position < bytes.count else { throw .init(line: line, message: "the file ends where a value was expected") }
        let start = line
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            var text: [UInt8] = []
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count {
                    position += 1
                    switch bytes[position] {
                    case UInt8(ascii: "n"): text.append(0x0a)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0d)
                    default: text.append(bytes[position])
                    }
                    position += 1
                    continue
                }
                text.append(bytes[position])
                position += 1
            }
            guard position < bytes.count else { throw .init(line: start, message: "a quoted string that does not end") }
            position += 1
            return String(decoding: text, as: UTF8.self)
        }
        if bytes[position] == UInt8(ascii: "<") {
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { throw .init(line: start, message: "<data> that does not end") }
            let text = String(decoding: bytes[position...end], as: UTF8.self)
            position = end + 1
            return text
        }
        let begin = position
        while position < bytes.count, isBare(bytes[position]) { position += 1 }
        guard position > begin else {
            throw .init(line: start, message: "unexpected \(String(decoding: [bytes[position]], as: UTF8.self))")
        }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }

    private func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: byte >= 0x80
        }
    }

    private mutating func skipSpaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                position += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0d {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while position < bytes.count, !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/")) {
                    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                    position += 1
                }
                position = min(bytes.count, position + 2)
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }
}
