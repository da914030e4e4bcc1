import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// `sim.url(text)` from Lua: the table a handler reads, and errors at the caller's line.
@Suite("sim.url")
struct URLTests {
    @Test("sim.url gives scheme, host, decoded path, query, query_items and fragment, before sim.launch too")
    func simURLGivesTheParts() {
        let run = runScript(
            """
            local url = sim.url("APP://doc/a%2Fb/%FF?tab=2&tab=3&flag#top")
            print(url.scheme, url.host, #url.path, url.path[1], url.path[2] == "\\255", url.fragment)
            print(url.query)
            print(url.query_items[1].name, url.query_items[1].value, url.query_items[3].name, url.query_items[3].value == "")
            local bare = sim.url("app:settings")
            print(bare.host, bare.path[1], bare.fragment, next(bare.query))
            """)
        #expect(
            run
                == ScriptRun(
                    output: """
                        app	doc	2	a/b	true	top
                        {flag = "", tab = "3"}
                        tab	2	flag	true
                        nil	settings	nil	nil

                        """, error: nil))
    }

    @Test("an unparsable URL or a non-string is an error at the caller's line")
    func unparsableURLIsAnErrorAtTheCallersLine() {
        let run = runScript(
            """
            print(pcall(sim.url, "doc/42"))
            print(pcall(function() return sim.url("app://a b") end))
            print(pcall(function() return sim.url("app://x/%zz\\n") end))
            print(pcall(function() return sim.url(42) end))
            sim.url()
            """)
        #expect(
            run
                == ScriptRun(
                    output: """
                        false	sim.url: "doc/42" is not a URL: it has no scheme (the part before ":", as "app" in app://doc/42)
                        false	test.lua:2: sim.url: "app://a b" is not a URL: byte 8 is a space; percent-encode it as %20
                        false	test.lua:3: sim.url: "app://x/%zz\\n" is not a URL: byte 12 is the control byte \\n; percent-encode it as %0A
                        false	test.lua:4: sim.url(text) needs a URL string, e.g. sim.url("app://doc/42?tab=2") (got number)

                        """,
                    error: "test.lua:5: sim.url(text) needs a URL string, e.g. sim.url(\"app://doc/42?tab=2\") (got no value)\nstack traceback:\n\ttest.lua:5: in main chunk"))
    }

    @Test("app:open_url refuses what sim.url refuses, and a route's value is read as sim.url reads it: decoded, without query or fragment")
    func openURLReadsTheURLAsSimURLDoes() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main", allows = function() return true end }, { id = "doc", value = "string" } }, routes = { doc = "doc" } }
            sim.settle()
            app:login { user = "ada" } -- the built-in model follows links only while authenticated
            print(pcall(function() return app:open_url("app://doc/a b") end))
            print(pcall(function() return app:open_url("doc/42") end))
            print(app:open_url("app://doc/tarte%20tatin?tab=2#top"), app.front.value)
            print(app:open_url("app://doc/a%2Fb/c"), app.front.value)
            print(#app.sessions)
            """, options: ScenarioOptions(trace: .off))
        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:4: app:open_url: "app://doc/a b" is not a URL: byte 12 is a space; percent-encode it as %20
                        false	test.lua:5: app:open_url: "doc/42" is not a URL: it has no scheme (the part before ":", as "app" in app://doc/42)
                        true	tarte tatin
                        true	a/b/c
                        3

                        """, error: nil))
    }
}
