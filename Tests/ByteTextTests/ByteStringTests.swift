import ByteText
import Testing

@Suite("ByteString keeps bytes exactly and shows them one way")
struct ByteStringTests {
    @Test("Strings that differ in any byte stay different, canonically equivalent ones included")
    func byteWiseEquality() {
        let composed = ByteString("\u{E9}")
        let decomposed = ByteString("e\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(ByteString([0xff]) != ByteString([0xfe]))
        #expect(ByteString([0x61, 0x00, 0x62]).count == 3)
    }

    @Test("Strings order by bytes")
    func byteOrder() {
        #expect(ByteString("B") < ByteString("a"))
        #expect(ByteString("a") < ByteString("ab"))
        #expect(ByteString([0x7f]) < ByteString([0x80]))
    }

    @Test("Quoting keeps printable UTF-8, names common escapes and writes other bytes as three digits")
    func quoting() {
        #expect(ByteString("é").quoted == "\"é\"")
        #expect(ByteString([0x61, 0x01, 0x32]).quoted == "\"a\\0012\"")
        #expect(ByteString("say \"hi\"\\\n\t\r").quoted == "\"say \\\"hi\\\"\\\\\\n\\t\\r\"")
        #expect(ByteString([0xff, 0x00, 0x7f, 0x1b]).quoted == "\"\\255\\000\\127\\027\"")
        // C1 controls, a truncated sequence, an overlong form and a surrogate are escaped bytes.
        #expect(ByteString([0xc2, 0x9b]).escaped == "\\194\\155")
        #expect(ByteString([0xe2, 0x82]).escaped == "\\226\\130")
        #expect(ByteString([0xc0, 0xaf]).escaped == "\\192\\175")
        #expect(ByteString([0xed, 0xa0, 0x80]).escaped == "\\237\\160\\128")
        #expect(ByteString("😀").escaped == "😀")
    }

    @Test("Displayed text keeps backslashes and tabs as they are, and escapes only what a terminal would act on")
    func displayed() {
        #expect(ByteString.displayed(Array("a\\b\tc \"q\" é".utf8)) == "a\\b\tc \"q\" é")
        #expect(ByteString.displayed([0x1b, 0x5b, 0x32, 0x4a, 0x00, 0xff, 0x0d, 0x0a]) == "\\027[2J\\000\\255\\013\\010")
        #expect(ByteString.displayed([0x61, 0x0a, 0x62], keepingNewlines: true) == "a\nb")
        #expect(ByteString.displayed([0xc2, 0x9b]) == "\\194\\155")
    }

    @Test("Escaped text never holds a line break or a control character")
    func escapedTextIsOneLine() {
        let every = ByteString((0...255).map { UInt8($0) })
        #expect(!every.escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7f..<0xa0).contains($0.value) })
    }
}
