/// A property list value read from a project file, with the line it starts on: what
/// `Info.plist` (XML) and `project.pbxproj` (the old ASCII form) hold. Foundation's
/// `PropertyListSerialization` gives no line numbers, and every fact scaffold writes carries
/// its `file:line`, so both are read here.
indirect enum PropertyList: Sendable, Equatable {
    case string(String, line: Int)
    case bool(Bool, line: Int)
    case array([PropertyList], line: Int)
    /// Keys in file order, each with its value.
    case dictionary([(key: String, value: PropertyList)], line: Int)

    static func == (a: PropertyList, b: PropertyList) -> Bool {
        switch (a, b) {
        case let (.string(x, l1), .string(y, l2)): x == y && l1 == l2
        case let (.bool(x, l1), .bool(y, l2)): x == y && l1 == l2
        case let (.array(x, l1), .array(y, l2)): x == y && l1 == l2
        case let (.dictionary(x, l1), .dictionary(y, l2)):
            l1 == l2 && x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The deepest nesting read (real project files nest a few levels); deeper is an error,
    /// never a deep recursion when the value is released.
    static let maximumDepth = 1_000

    var line: Int {
        switch self {
        case .string(_, let line), .bool(_, let line), .array(_, let line), .dictionary(_, let line): line
        }
    }

    /// The value of `key` in a dictionary (the first, as a property list reader keeps one).
    subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    var array: [PropertyList]? {
        if case .array(let items, _) = self { return items }
        return nil
    }

    /// `<true/>`, and in a pbxproj build setting `YES`.
    var bool: Bool? {
        switch self {
        case .bool(let value, _): value
        case .string(let text, _): ["YES", "true"].contains(text) ? true : ["NO", "false"].contains(text) ? false : nil
        default: nil
        }
    }

    /// Why a project file could not be read: the line and what was wrong.
    struct Failure: Error, Equatable {
        var line: Int
        var message: String
    }
}

/// Reads an XML property list (`Info.plist`): `<dict>`, `<key>`, `<string>`, `<array>`,
/// `<true/>`, `<false/>`, and `<integer>`/`<real>`/`<date>`/`<data>` as their text. Without
/// recursion: a file of 100,000 nested arrays is read like any other.
/// A reader of one form of property list; `read` is the whole file's value or where it fails.
protocol PropertyListReader {
    init(_ text: String)
    mutating func document() throws(PropertyList.Failure) -> PropertyList
}

extension PropertyListReader {
    /// The top value, or where and why the file is not a property list of this form.
    static func read(_ text: String) -> Result<PropertyList, PropertyList.Failure> {
        var reader = Self(text)
        do throws(PropertyList.Failure) {
            return .success(try reader.document())
        } catch {
            return .failure(error)
        }
    }
}

struct XMLPropertyListReader: PropertyListReader {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    private enum Tag {
        case open(String, line: Int)
        case close(String)
        case empty(String, line: Int)
    }

    private typealias Frame = PropertyListFrame

    mutating func document() throws(PropertyList.Failure) -> PropertyList {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw .init(line: 1, message: "a binary property list; convert it with plutil -convert xml1")
        }
        var stack: [Frame] = []
        var top: PropertyList?
        func add(_ value: PropertyList, to stack: inout [Frame], line: Int) throws(PropertyList.Failure) {
            guard !stack.isEmpty else {
                top = top ?? value
                return
            }
            if stack[stack.count - 1].isDictionary {
                guard let key = stack[stack.count - 1].key else { throw .init(line: line, message: "a value in a <dict> without its <key>") }
                stack[stack.count - 1].entries.append((key, value))
                stack[stack.count - 1].key = nil
            } else {
                stack[stack.count - 1].items.append(value)
            }
        }
        while let tag = try nextTag() {
            if case .open(let name, let line) = tag, name == "dict" || name == "array", stack.count >= PropertyList.maximumDepth {
                throw .init(line: line, message: "nests deeper than \(PropertyList.maximumDepth) levels")
            }
            switch tag {
            case .open("plist", _), .close("plist"): continue
            case .open("dict", let line): stack.append(Frame(isDictionary: true, line: line))
            case .open("array", let line): stack.append(Frame(isDictionary: false, line: line))
            case .empty("dict", let line): try add(.dictionary([], line: line), to: &stack, line: line)
            case .empty("array", let line): try add(.array([], line: line), to: &stack, line: line)
            case .empty("true", let line): try add(.bool(true, line: line), to: &stack, line: line)
            case .empty("false", let line): try add(.bool(false, line: line), to: &stack, line: line)
            case .empty(_, let line): try add(.string("", line: line), to: &stack, line: line)
            case .close(let name) where name == "dict" || name == "array":
                guard let frame = stack.popLast(), frame.isDictionary == (name == "dict") else {
                    throw .init(line: line, message: "</\(name)> closes nothing open")
                }
                try add(frame.isDictionary ? .dictionary(frame.entries, line: frame.line) : .array(frame.items, line: frame.line), to: &stack, line: line)
            case .open(let name, let line):
                let text = try content(closing: name)
                if name == "key" {
                    guard stack.last?.isDictionary == true else { throw .init(line: line, message: "a <key> outside a <dict>") }
                    stack[stack.count - 1].key = text
                } else {
                    try add(.string(text, line: line), to: &stack, line: line)
                }
            case .close(let name):
                throw .init(line: line, message: "</\(name)> closes nothing open")
            }
        }
        guard stack.isEmpty, let top else { throw .init(line: line, message: "the property list ends before its value does") }
        return top
    }

    /// The next tag, skipping the XML declaration, the DOCTYPE, comments and text between tags.
    private mutating func nextTag() throws(PropertyList.Failure) -> Tag? {
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if starts(with: "<?") { try skip(past: "?>"); continue }
            if starts(with: "<!--") { try skip(past: "-->"); continue }
            if starts(with: "<!") { try skip(past: ">"); continue }
            let start = line
            advance()
            var closing = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
                closing = true
                advance()
            }
            var name: [UInt8] = []
            while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") {
                name.append(bytes[position])
                advance()
            }
            // Attributes (`<plist version="1.0">`) are skipped.
            var empty = false
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                empty = bytes[position] == UInt8(ascii: "/")
                advance()
            }
            guard position < bytes.count else { throw .init(line: start, message: "a tag that does not end") }
            advance()
            let text = String(decoding: name, as: UTF8.self)
            return closing ? .close(text) : empty ? .empty(text, line: start) : .open(text, line: start)
        }
        return nil
    }

    /// The text up to `</name>`, entities decoded.
    private mutating func content(closing name: String) throws(PropertyList.Failure) -> String {
        let start = line
        var text: [UInt8] = []
        let end = Array("</\(name)>".utf8)
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                guard bytes[position...].starts(with: end) else { throw .init(line: line, message: "<\(name)> holds markup; expected text then </\(name)>") }
                for _ in end { advance() }
                return Self.decodeEntities(text)
            }
            text.append(bytes[position])
            advance()
        }
        throw .init(line: start, message: "<\(name)> is not closed")
    }

    static func decodeEntities(_ bytes: [UInt8]) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let text = String(decoding: bytes, as: UTF8.self)
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                if entity.hasPrefix("#"), let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    private func starts(with prefix: String) -> Bool { bytes[position...].starts(with: prefix.utf8) }

    private mutating func skip(past end: String) throws(PropertyList.Failure) {
        let start = line
        let marker = Array(end.utf8)
        while position < bytes.count {
            if bytes[position...].starts(with: marker) {
                for _ in marker { advance() }
                return
            }
            advance()
        }
        throw .init(line: start, message: "a declaration or comment that does not end")
    }

    private mutating func advance() {
        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
        position += 1
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d }
}

/// A container a property-list reader (XML or ASCII) is in the middle of: its kind, its line, its
/// items, and a dictionary's key read and waiting for its value.
struct PropertyListFrame {
    var isDictionary: Bool
    var line: Int
    var items: [PropertyList] = []
    var entries: [(key: String, value: PropertyList)] = []
    var key: String?
}
