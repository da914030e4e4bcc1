import Testing
@testable import SceneSimCore

@Suite("SceneValue literals")
struct SceneValueLiteralTests {
    @Test("String literals escape quotes, backslashes and control bytes so Lua reads them back unchanged")
    func stringLiteralsRoundTrip() {
        #expect(SceneValue.string("a\"b\\c").literal == #""a\"b\\c""#)
        #expect(SceneValue.string("1\n2\t3\r").literal == #""1\n2\t3\r""#)
        // Three digits always: "\1" followed by "2" would read back as the single byte 12.
        #expect(SceneValue.string("\u{1}2").literal == #""\0012""#)
        #expect(SceneValue.string("\u{7f}").literal == #""\127""#)
        #expect(SceneValue.string("é").literal == "\"é\"")
    }
}
