import ByteText
import LuaKit

// `assert.equal` and `assert.same` (scenarios/README.md, "Assertions"): luassert's spelling,
// which busted users know. `assert(v, message)` stays Lua's own; a failure of these two says
// what was expected and what came, with their types, at the line of the assertion.
extension ScriptHost {
    func installAssertions() {
        lua.makeAssertCallable(adding: [
            ("equal", { call in Self.assertEqual(call, deep: false) }),
            ("same", { call in Self.assertEqual(call, deep: true) }),
        ])
    }

    /// `assert.equal(expected, actual[, what])`: raw equality (`==` without metamethods, so a
    /// table equals only itself); `assert.same`: tables compared by contents, deeply.
    private static func assertEqual(_ call: LuaCall, deep: Bool) -> LuaReturn {
        let name = deep ? "assert.same" : "assert.equal"
        guard call.count >= 2 else {
            return .error("bad argument #\(call.count + 1) to '\(name)' (value expected): give the expected value, then the actual one: \(name)(expected, actual[, what])")
        }
        if call.count >= 3, !call.isNil(at: 3), call.type(at: 3) != .string {
            return .error(
                "bad argument #3 to '\(name)' (string expected, got \(call.typeName(at: 3))): the third argument names what is compared, as in \(name)(3, w.storage.count, \"count\")"
            )
        }
        do throws(LuaError) {
            let what = call.bytes(at: 3).map { String(decoding: $0.bytes, as: UTF8.self) } ?? name
            if deep {
                guard let difference = try call.difference(1, 2) else { return .values(0) }
                var message = "\(what): expected \(Self.text(difference.expected)) (\(difference.expectedType)), got \(Self.text(difference.actual)) (\(difference.actualType))"
                if !difference.path.isEmpty {
                    let expected = try call.quoted(at: 1)
                    let actual = try call.quoted(at: 2)
                    message =
                        "\(what): tables differ at \(difference.path): expected \(Self.text(difference.expected)) (\(difference.expectedType)), got \(Self.text(difference.actual)) (\(difference.actualType))\n  expected: \(Self.text(expected))\n  actual:   \(Self.text(actual))"
                }
                return .error(message)
            }
            guard !call.rawEqual(1, 2) else { return .values(0) }
            var message = "\(what): expected \(Self.text(try call.quoted(at: 1))) (\(call.typeName(at: 1))), got \(Self.text(try call.quoted(at: 2))) (\(call.typeName(at: 2)))"
            if call.type(at: 1) == .table, call.type(at: 2) == .table, try call.difference(1, 2) == nil {
                message += ": two tables with the same contents; assert.same compares contents"
            }
            return .error(message)
        } catch {
            return .error(error.message, location: .none)
        }
    }

    /// Rendered bytes as message text; bytes that are not UTF-8 were escaped by the quoting.
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
