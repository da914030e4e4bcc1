import SceneSimScripting
import Testing

/// Runs `source` and returns the exact bytes it wrote, and its error message if it failed.
private func runBytes(_ source: String, options: ScenarioOptions = ScenarioOptions(trace: .off)) -> (output: [UInt8], error: String?) {
    var output: [UInt8] = []
    let host = ScriptHost(options: options, output: { output += $0 })
    do {
        _ = try host.run(source, chunkName: "@test.lua")
        return (output, nil)
    } catch {
        return (output, error.message)
    }
}

@Suite("Strings are bytes, kept exactly from the script to the output")
struct ByteExactTests {
    @Test("Canonically equivalent storage keys stay two keys with their own values")
    func equivalentStorageKeysStayApart() {
        let run = runBytes(
            """
            local w = sim.launch{}.front
            w.storage["\\u{E9}"] = 1
            w.storage["e\\u{301}"] = 2
            print(#w.storage:keys(), w.storage["\\u{E9}"], w.storage["e\\u{301}"])
            """)
        #expect(run.error == nil)
        #expect(run.output == Array("2\t1\t2\n".utf8))
    }

    @Test("Window values that are not UTF-8 open one window each, and read back exactly")
    func invalidUTF8WindowValuesStayApart() {
        let run = runBytes(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "d", value = "string" } } }
            sim.settle()
            local a, b = app:open_window("d", "\\xff"), app:open_window("d", "\\xfe")
            assert(a ~= b and a.value == "\\xff" and b.value == "\\xfe")
            print(tostring("\\xff") == "\\xff", a.value)
            """)
        #expect(run.error == nil)
        #expect(run.output == Array("true\t".utf8) + [0xff, 0x0a])
    }

    @Test("A printed table quotes strings so Lua reads them back as the same bytes")
    func printedTableReadsBack() {
        let run = runBytes(
            """
            local t = { "é", "a\\0012", "\\xff\\0\\27[31m" }
            print(t)
            local back = load("return " .. tostring(t))()
            assert(back[1] == t[1] and back[2] == t[2] and back[3] == t[3])
            """)
        #expect(run.error == nil)
        #expect(run.output == Array(#"{"é", "a\0012", "\255\000\027[31m"}"#.utf8) + [0x0a])
    }

    @Test("A NUL byte is printed, not taken for the end of the output")
    func nulIsPrinted() {
        let run = runBytes(#"print("a\0b", "c") print("d")"#)
        #expect(run.output == [0x61, 0x00, 0x62, 0x09, 0x63, 0x0a, 0x64, 0x0a])
    }

    @Test("tostring of a window's storage shows its keys and values in byte order")
    func storageToStringShowsContents() {
        let run = runBytes(
            """
            local w = sim.launch{}.front
            w.storage.tab = 2
            w.storage["two words"] = "x\\n"
            print(tostring(w.storage))
            """)
        #expect(run.error == nil)
        #expect(String(decoding: run.output, as: UTF8.self) == #"storage of main#1 {tab = 2, ["two words"] = "x\n"}"# + "\n")
    }
}
