/// A string of bytes, as a scenario's strings are: compared, hashed and ordered byte by byte.
///
/// Swift's `String` would turn invalid UTF-8 into U+FFFD and treat canonically equivalent
/// strings ("é" and "e" + U+0301) as equal, so two storage keys or window values the script
/// tells apart would merge. Everything a script hands the simulator as a string is kept as a
/// `ByteString`; it becomes text only where it is shown, through `escaped` / `quoted`.
public struct ByteString: Hashable, Comparable, Sendable {
    /// The bytes.
    public var bytes: [UInt8]

    /// The string of these bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The string of the bytes in `bytes`.
    public init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    /// The UTF-8 bytes of `string`.
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The empty string.
    public init() { bytes = [] }

    /// The length in bytes.
    public var count: Int { bytes.count }
    /// Whether the string has no bytes.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Byte order: strings compare byte by byte, as in the C locale.
    public static func < (lhs: ByteString, rhs: ByteString) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// The bytes of `lhs` followed by those of `rhs`.
    public static func + (lhs: ByteString, rhs: ByteString) -> ByteString {
        ByteString(lhs.bytes + rhs.bytes)
    }

    /// The text, when the bytes are valid UTF-8 (exact: `String(string) == self` bytes).
    public var string: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// True when the bytes start with `prefix`.
    public func hasPrefix(_ prefix: ByteString) -> Bool {
        bytes.starts(with: prefix.bytes)
    }

    /// True when the bytes end with `suffix`.
    package func hasSuffix(_ suffix: ByteString) -> Bool {
        bytes.count >= suffix.bytes.count && bytes.suffix(suffix.bytes.count).elementsEqual(suffix.bytes)
    }
}

extension ByteString: ExpressibleByStringLiteral {
    /// The UTF-8 bytes of a string literal.
    public init(stringLiteral value: String) { self.init(value) }
}

extension ByteString: CustomStringConvertible {
    /// The escaped text (see `escaped`): safe to put in a message or a trace line.
    public var description: String { escaped }
}
