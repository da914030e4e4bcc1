import ByteText
import LuaKit
import SceneSimCore

// The API's plain tables (`sim`, `sim.server`, `sim.gen`, `sim.explore` and a found scenario's
// `explore`) answer a field they do not have with an error at the script's line, as handles
// do, instead of nil: `sim.lanch{}` says "did you mean "launch"?" rather than "attempt to call
// a nil value".
extension ScriptHost {
    /// An `__index` metamethod for the API table called `table`: a field in `absent` (one set
    /// later, such as `sim.app` before `sim.launch`) reads as nil, any other key it lacks is an
    /// error listing the fields it has. Reads of fields it has (a script's own too) never get
    /// here, so they cost nothing.
    package func fieldGuard(_ table: String, absent: Set<String> = []) -> LuaValue {
        .function(
            lua.makeFunction { call in
                if let key = call.string(at: 2), absent.contains(key) { return call.results(.nil) }
                let fields = Set(call.table(at: 1)?.stringKeys ?? []).union(absent).sorted()
                return .error(Self.unknownField(table, key: call, fields: fields))
            })
    }

    /// `sim has no field "lanch" (did you mean "launch"?); fields are advance, app, ...`.
    private static func unknownField(_ table: String, key call: LuaCall, fields: [String]) -> String {
        let key: String
        let hint: String
        if let bytes = call.bytes(at: 2) {
            key = "\"\(bytes.escaped)\""
            hint = suggestion(for: String(decoding: bytes.bytes, as: UTF8.self), among: fields)
        } else {
            key = (try? call.describe(at: 2)).map { String(decoding: $0, as: UTF8.self) } ?? call.typeName(at: 2)
            hint = ""
        }
        return "\(table) has no field \(key)\(hint); fields are \(fields.joined(separator: ", "))"
    }
}
