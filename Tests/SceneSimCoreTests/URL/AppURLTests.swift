import ByteText
import Testing
@testable import SceneSimCore

/// `sim.url`'s parser: what an `.onOpenURL` handler would read from each URL, byte for byte.
@Suite("AppURL: parsing and percent-decoding")
struct AppURLTests {
    /// A compact view of a parse: `scheme|host|path/joined|query items|fragment`.
    static func parts(_ text: ByteString) throws -> String {
        let url = try AppURL(parsing: text)
        let host = url.host.map(\.escaped) ?? "nil"
        let path = url.path.map(\.escaped).joined(separator: ",")
        let items = url.queryItems.map { "\($0.name.escaped)=\($0.value.escaped)" }.joined(separator: "&")
        let fragment = url.fragment.map(\.escaped) ?? "nil"
        return "\(url.scheme.escaped)|\(host)|\(path)|\(items)|\(fragment)"
    }

    @Test("a deep link splits into scheme, host, path components, query and fragment")
    func aDeepLinkSplitsIntoItsParts() throws {
        #expect(try Self.parts("app://doc/42?tab=2&mode=edit#para-3") == "app|doc|42|tab=2&mode=edit|para-3")
        #expect(try Self.parts("https://example.com/a/b/c") == "https|example.com|a,b,c||nil")
        #expect(try Self.parts("app://doc") == "app|doc|||nil")
    }

    @Test("percent escapes decode to exact bytes, %FF included, and %2F stays inside its component")
    func percentEscapesDecodeToExactBytes() throws {
        let url = try AppURL(parsing: "app://n%C3%A9/a%2Fb/%ff%00?k%3D=v%26w#%41")
        #expect(url.host == ByteString([0x6E, 0xC3, 0xA9]))
        #expect(url.path == [ByteString("a/b"), ByteString([0xFF, 0x00])])
        #expect(url.queryItems == [AppURL.QueryItem(name: "k=", value: "v&w")])
        #expect(url.fragment == "A")
    }

    @Test("raw bytes of 0x80 and above are kept as they are")
    func rawHighBytesAreKept() throws {
        let url = try AppURL(parsing: ByteString(Array("app://x/".utf8) + [0xC3, 0xA9, 0xFF]))
        #expect(url.path == [ByteString([0xC3, 0xA9, 0xFF])])
    }

    @Test("the scheme is lowercased; the host keeps its case")
    func theSchemeIsLowercased() throws {
        #expect(try Self.parts("APP://Doc/X") == "app|Doc|X||nil")
        #expect(try Self.parts("My-App.v2+x://h") == "my-app.v2+x|h|||nil")
    }

    @Test("without // there is no host, and what follows the scheme is the path")
    func withoutSlashesThereIsNoHost() throws {
        #expect(try Self.parts("app:settings") == "app|nil|settings||nil")
        #expect(try Self.parts("mailto:ada@example.com") == "mailto|nil|ada@example.com||nil")
        #expect(try Self.parts("app:/a/b") == "app|nil|a,b||nil")
        #expect(try Self.parts("file:///tmp/x") == "file||tmp,x||nil")
    }

    @Test("empty path components are dropped: leading, doubled and trailing slashes")
    func emptyPathComponentsAreDropped() throws {
        #expect(try Self.parts("app://doc//42/") == "app|doc|42||nil")
        #expect(try Self.parts("app://doc/") == "app|doc|||nil")
    }

    @Test("query items keep their order and repeats; the query table keeps the last value of each name")
    func queryItemsKeepRepeats() throws {
        let url = try AppURL(parsing: "app://x?b=1&a=2&b=3")
        #expect(url.queryItems.map(\.value) == ["1", "2", "3"])
        #expect(url.query.map(\.name) == ["a", "b"])
        #expect(url.query.map(\.value) == ["2", "3"])
    }

    @Test("an item without = has an empty value, empty items are skipped, + is a plus, = after the first stays in the value")
    func queryEdgeCases() throws {
        #expect(try Self.parts("app://x?flag&&a+b=c+d&e==f&") == "app|x||flag=&a+b=c+d&e==f|nil")
        #expect(try Self.parts("app://x?") == "app|x|||nil")
        #expect(try Self.parts("app://x?=v") == "app|x||=v|nil")
    }

    @Test("the fragment is what follows the first #, and is empty, not nil, after a bare #")
    func fragmentEdgeCases() throws {
        #expect(try Self.parts("app://x/p#a#b?c") == "app|x|p||a#b?c")
        #expect(try Self.parts("app://x#") == "app|x|||")
        #expect(try Self.parts("app://x?q=1#") == "app|x||q=1|")
    }

    @Test("unparsable URLs say what is wrong and what to write instead")
    func unparsableURLsSayWhatIsWrong() {
        func message(_ text: ByteString) -> String? {
            do {
                _ = try AppURL(parsing: text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("") == "it is empty; a URL looks like app://doc/42")
        #expect(message("doc/42") == "it has no scheme (the part before \":\", as \"app\" in app://doc/42)")
        #expect(message("://x") == "it has no scheme (the part before \":\", as \"app\" in app://doc/42)")
        #expect(message("/a:b") == "it has no scheme (the part before \":\", as \"app\" in app://doc/42)")
        #expect(message("1app://x") == "the scheme \"1app\" must start with a letter and hold only letters, digits, \"+\", \"-\" and \".\"")
        #expect(message("a_b://x") == "the scheme \"a_b\" must start with a letter and hold only letters, digits, \"+\", \"-\" and \".\"")
        #expect(message("app://doc/a b") == "byte 12 is a space; percent-encode it as %20")
        #expect(message("app://doc/\n") == "byte 11 is the control byte \\n; percent-encode it as %0A")
        #expect(message("app://doc/\u{7F}") == "byte 11 is the control byte \\127; percent-encode it as %7F")
        #expect(message("app://doc/100%") == "\"%\" at byte 14 is not a percent escape (% and two hex digits); write a literal % as %25")
        #expect(message("app://doc/%4") == "\"%4\" at byte 11 is not a percent escape (% and two hex digits); write a literal % as %25")
        #expect(message("app://doc?x=%G1") == "\"%G1\" at byte 13 is not a percent escape (% and two hex digits); write a literal % as %25")
        #expect(message("app://doc#%zz") == "\"%zz\" at byte 11 is not a percent escape (% and two hex digits); write a literal % as %25")
    }
}
