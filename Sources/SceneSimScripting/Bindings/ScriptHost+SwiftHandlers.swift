import ByteText
import LuaKit

// sim.swift_handlers (scenarios/README.md, "Coverage"): a generated module (scenesim scaffold)
// declares the Swift handlers it translated and gets back the function each handler calls at
// its entry, `swift.ran(label)`. The marks go to the run's recording for
// `scenesim test --coverage`, never to the trace: a golden reads the same with or without them.
extension ScriptHost {
    func simSwiftHandlers(_ call: LuaCall) -> LuaReturn {
        let usage =
            "sim.swift_handlers(app, labels) takes the App's name and a list of handler labels, e.g. sim.swift_handlers(\"NotesApp\", { \"ContentView.swift:12 .onOpenURL\" })"
        guard let app = call.string(at: 1), !app.isEmpty else {
            return .error("\(usage) (got \(call.typeName(at: 1)) for the name)")
        }
        guard let table = call.table(at: 2) else {
            return .error("\(usage) (got \(call.typeName(at: 2)) for the labels)")
        }
        let values = table.sequence
        guard values.count == table.count else {
            return .error("sim.swift_handlers: the labels must be a list (1, 2, 3, ...) of strings; it has \(table.count - values.count) other keys")
        }
        var labels: [String] = []
        var index: [String: Int] = [:]
        for (n, value) in values.enumerated() {
            guard let label = value.bytesValue?.string, !label.isEmpty else {
                return .error("sim.swift_handlers: label \(n + 1) is not a non-empty string (got \(value.typeName))")
            }
            guard index[label] == nil else {
                return .error("sim.swift_handlers: label \(n + 1), \(ByteString(label).quoted), is given twice; give each handler once")
            }
            index[label] = labels.count
            labels.append(label)
        }
        // The module is the file that declares them (its chunk, without the line): the same
        // labels declared by another file are another group, so a script cannot mark a
        // module's handlers as run without running them.
        let module = Self.fileName(ofLocation: call.location())
        let declaredAt = call.location().dropLast(2)
        let group = recording?.declareHandlers(app: app, module: module, labels: labels)
        let ran = lua.makeFunction { [unowned(unsafe) self] ranCall in
            guard let label = ranCall.string(at: 1), let at = index[label] else {
                let got = ranCall.bytes(at: 1).map(\.quoted) ?? ranCall.typeName(at: 1)
                return .error("swift.ran(label): \(got) is not one of the handlers sim.swift_handlers declared at \(declaredAt)")
            }
            if let group { recording?.ranHandler(group: group, label: at) }
            return .values(0)
        }
        return call.results(.function(ran))
    }

    /// `lib/myapp_generated.lua` of a location `…/lib/myapp_generated.lua:12: `: its file's name.
    static func fileName(ofLocation location: String) -> String {
        var text = Substring(location)
        if text.hasSuffix(": ") { text = text.dropLast(2) }
        if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].allSatisfy(\.isNumber) { text = text[..<colon] }
        return String(text.split(separator: "/").last ?? text)
    }
}
