import Foundation
import Testing

/// `.luacheckrc` and `.luarc.json` must allow exactly what `scenesim run` gives a scenario, so a
/// linter or an editor flags what the sandbox would refuse at run time, and nothing else.
@Suite("Lint and editor configs match the sandbox")
struct LintConfigTests {
    /// Every global Lua 5.4's standalone interpreter defines (manual §6), plus `sim`.
    static let stockGlobals = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error",
        "getmetatable", "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs",
        "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
        "setmetatable", "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall", "sim",
    ]
    static let standardLibraries = ["coroutine", "debug", "io", "math", "os", "package", "string", "table", "utf8"]

    /// The globals a scenario really has, asked of the built binary.
    static func sandboxGlobals() throws -> Set<String> {
        let folder = try TempFolder()
        try folder.write("globals.lua", "local names = {}\nfor name in pairs(_G) do names[#names + 1] = name end\ntable.sort(names)\nprint(table.concat(names, \" \"))\n")
        let result = try BuiltBinary.run(["run", "--trace", "off", "globals.lua"], in: folder.path)
        try #require(result.status == 0, "\(result)")
        return Set(result.stdout.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    @Test("luacheck with .luacheckrc accepts every sandbox global and flags every other stock one")
    func luacheckMatchesSandbox() throws {
        let sandbox = try Self.sandboxGlobals()
        let folder = try TempFolder()
        let uses = Self.stockGlobals.map { "print(\($0))" }.joined(separator: "\n") + "\n"
        try folder.write("uses.lua", uses)
        let report = try Self.luacheck("uses.lua", in: folder)
        let flagged = Set(
            report.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /accessing undefined variable '([^']+)'/).map { String($0.1) }
            })
        let refused = Set(Self.stockGlobals).subtracting(sandbox)
        #expect(flagged == refused, "luacheck flags \(flagged.sorted()); the sandbox lacks \(refused.sorted())\n\(report)")
        #expect(refused.isSuperset(of: ["io", "os", "debug", "package", "dofile", "loadfile"]))
    }

    @Test("luacheck with .luacheckrc accepts assert.equal and assert.same and flags a misspelt assertion")
    func luacheckKnowsTheAssertions() throws {
        let folder = try TempFolder()
        try folder.write("asserts.lua", "assert(true)\nassert.equal(1, 1)\nassert.same({}, {})\nassert.equals(1, 1)\n")
        let report = try Self.luacheck("asserts.lua", in: folder)
        #expect(report == "asserts.lua:4:1: (W143) accessing undefined field 'equals' of global 'assert'\n")
    }

    /// luacheck's plain report on `file` with the project's `.luacheckrc`.
    static func luacheck(_ file: String, in folder: TempFolder) throws -> String {
        let luacheck = Process()
        luacheck.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        luacheck.arguments = [
            "luacheck", "--no-color", "--formatter", "plain", "--codes",
            "--config", packageRoot.appendingPathComponent(".luacheckrc").path, file,
        ]
        luacheck.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let pipe = Pipe()
        luacheck.standardOutput = pipe
        luacheck.standardError = FileHandle.nullDevice
        try luacheck.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        luacheck.waitUntilExit()
        try #require(luacheck.terminationStatus != 127, "luacheck is not installed: run scripts/bootstrap.sh (Debian package lua-check)")
        return report
    }

    @Test(".luarc.json disables the libraries the sandbox lacks and finds helper modules in lib/ folders")
    func luarcMatchesSandbox() throws {
        let sandbox = try Self.sandboxGlobals()
        let data = try Data(contentsOf: packageRoot.appendingPathComponent(".luarc.json"))
        let settings = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let builtin = settings["runtime.builtin"] as? [String: String] ?? [:]
        let disabled = Set(builtin.filter { $0.value == "disable" }.keys)
        #expect(disabled == Set(Self.standardLibraries).subtracting(sandbox))
        let paths = settings["runtime.path"] as? [String] ?? []
        #expect(paths.contains("lib/?.lua"), "require \"helpers\" resolves to the nearest lib/helpers.lua")
        #expect(settings["runtime.version"] as? String == "Lua 5.4")
    }
}
