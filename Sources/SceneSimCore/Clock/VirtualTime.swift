/// A point on (or a span of) the simulator's virtual clock, in whole microseconds.
///
/// Integer microseconds keep arithmetic exact, so `0.1 + 0.2` seconds of advances land on the same
/// instant on every machine and every run; the scripting layer converts from and to seconds.
public struct VirtualTime: Hashable, Comparable, Sendable {
    /// The time in microseconds.
    public var microseconds: Int64

    /// The instant `microseconds` after the start.
    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The instant `seconds` after the start, rounded to the nearest microsecond.
    ///
    /// `seconds` must be finite and within ±`maxSeconds` (1e12); for a number from elsewhere use
    /// `init?(checkedSeconds:)`, or `Simulator.advance(seconds:)`, which says what is wrong.
    public init(seconds: Double) {
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    /// The longest span a script may name, in seconds: about 31,700 years, far beyond any
    /// scenario and far inside Int64 microseconds, so sums of times stay exact.
    public static let maxSeconds: Double = 1e12

    /// `seconds` as a time, or nil when it is not finite or beyond ±`maxSeconds` (where the
    /// plain initializer would trap): for numbers that come from scripts.
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, seconds.magnitude <= Self.maxSeconds else { return nil }
        self.init(seconds: seconds)
    }

    /// `duration` as a time, rounded to the nearest microsecond (halves away from zero) and
    /// held within ±`latest`, the end of the clock: the form for Swift's `Duration`
    /// (`.seconds(2)`, `.milliseconds(1500)`).
    public init(_ duration: Duration) {
        let attoseconds = duration.attoseconds
        let perMicrosecond: Int128 = 1_000_000_000_000
        let half = perMicrosecond / 2
        let rounded = attoseconds >= 0 ? (attoseconds + half) / perMicrosecond : -((-attoseconds + half) / perMicrosecond)
        let bound = Int128(Self.latest.microseconds)
        self.microseconds = Int64(min(max(rounded, -bound), bound))
    }

    /// The time as a `Duration`.
    public var duration: Duration { .microseconds(microseconds) }

    /// The start of the clock.
    public static let zero = VirtualTime(microseconds: 0)
    /// The end of the clock (about 146,000 years): half of Int64 microseconds, so adding any
    /// span a script can name to a time on the clock cannot overflow.
    public static let latest = VirtualTime(microseconds: Int64.max / 2)

    /// The time in seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whether `a` comes before `b`.
    public static func < (a: VirtualTime, b: VirtualTime) -> Bool { a.microseconds < b.microseconds }
    /// The sum of two times, such as an instant and a span.
    public static func + (a: VirtualTime, b: VirtualTime) -> VirtualTime {
        VirtualTime(microseconds: a.microseconds &+ b.microseconds)
    }
    /// The span from `b` to `a`.
    public static func - (a: VirtualTime, b: VirtualTime) -> VirtualTime {
        VirtualTime(microseconds: a.microseconds - b.microseconds)
    }

    /// Seconds with three decimals, or six when the instant is not on a whole millisecond
    /// (`"0.500"`, `"12.000250"`). Pure integer formatting: no locale, no float printing.
    public var text: String {
        let negative = microseconds < 0
        let magnitude = microseconds.magnitude
        let whole = magnitude / 1_000_000
        let fraction = magnitude % 1_000_000
        let digits: String
        if fraction % 1000 == 0 {
            digits = Self.pad(fraction / 1000, width: 3)
        } else {
            digits = Self.pad(fraction, width: 6)
        }
        return (negative ? "-" : "") + "\(whole).\(digits)"
    }

    private static func pad(_ value: UInt64, width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
