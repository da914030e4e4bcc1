import Foundation
import SceneSimREPL
import SceneSimScripting
import SceneSimTestSupport
import Testing

/// Random sessions, saved and replayed: whatever was typed, `scenesim run` of the saved file
/// prints exactly what the session printed on standard output.
@Suite("\\save replays any session to the same output")
struct SaveReplayFuzzTests {
    /// Entries a user might type, each as the lines typed. Failing ones change Lua's state or
    /// the simulation before their error; some return from the chunk, some span lines, some
    /// draw random numbers, some raise messages with bytes that end a comment line. None prints
    /// a message carrying a `file:line` (those name the saved file in the replay).
    static let pool: [[String]] = [
        ["app = app or sim.launch{ scenes = { { id = \"main\" }, { id = \"doc\", value = \"integer\" } } }"],
        ["n = (n or 0) + 1"],
        ["n = (n or 0) + 1; error(\"boom\")"],
        ["t = t or {}; t[#t + 1] = math.random(1000)"],
        ["math.random(1, 6)"],
        ["math.random(10); error({})"],
        ["return math.random(100), n"],
        ["do return n end"],
        ["if n then return n * 2 end"],
        ["for i = 1, 3 do", "  if i == 2 then return i, 'from the loop' end", "end"],
        ["function bump(by)", "  n = (n or 0) + by", "  return n", "end"],
        ["bump(2)"],
        ["bump(3); error('after bump\\r-- print(\"forged\")')"],
        ["error(\"odd \\r\\n\\0 bytes \\255 \\27[31m\")"],
        ["error(\"x\", 0)"],
        ["print(\"a\\tb\", nil, 1.5, { z = 1, a = { 2 } })"],
        ["app and app:open_window(\"doc\", math.random(3))"],
        ["app:open_window(\"doc\", 9); app:open_window(\"nope\")"],
        ["app and app:background()"],
        ["app:foreground()"],
        ["sim.advance(1)"],
        ["sim.log(\"note\", n)"],
        ["(print)(\"parenthesis first\")"],
        ["(function() n = (n or 0) + 10 end)()"],
        ["'str' .. (n or 0)"],
        ["local a = math.random(5) print(a)"],
        ["local b = 7", ""],
        ["--[[ return ]] n = (n or 0) + 100"],
        ["s = [[return]] .. ' local' -- return"],
        ["print('-- not a comment', \"return\")"],
        ["repeat n = (n or 0) + 1 until true; return 'r'"],
        ["#(t or {})"],
        ["nil"],
        ["select('#')"],
        ["..."],
        ["print(pcall(error, 'caught'))"],
        ["local ok, e = pcall(error, { code = 1 })", "print(ok, type(e))"],
        ["x = {", "  1,", "  math.random(9),", "}"],
        ["x and x[2]"],
        ["app and #app.windows, app and app.phase"],
        ["sim.seed(7)"],
        ["goto skip; print('skipped') ::skip::"],
    ]

    @Test("Random sessions of failing, returning, multi-line and random entries replay exactly", arguments: 0..<100)
    func randomSession(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 0x5DEE_CE66D &+ 11)
        let count = Int.random(in: 3...14, using: &random)
        let lines = (0..<count).flatMap { _ in Self.pool.randomElement(using: &random)! }
        let path = temporaryPath("fuzz.lua")
        let session = runSession(lines + ["\\save \(path)"], interactive: false)
        let saved = try String(contentsOfFile: path, encoding: .utf8)

        let replay = ScenarioRunner.capture(path: path)

        let context = "session:\n\(lines.joined(separator: "\n"))\n--- saved:\n\(saved)"
        #expect(replay.stderr.isEmpty, "\(context)\n--- stderr:\n\(String(decoding: replay.stderr, as: UTF8.self))")
        #expect(replay.status == 0, "\(context)")
        #expect(String(decoding: replay.stdout, as: UTF8.self) == session.standard, "\(context)")
    }
}
