import ByteText
import LuaKit
import SceneSimCore

/// The keys a script declares (scenarios/README.md, "Declared keys"): a scene's `keys`
/// (SceneStorage) and `memory` (its views' `@State`), the model's `defaults_keys` (AppStorage).
/// Where a list is declared, another key is an error with "did you mean"; without one, any key.
package struct DeclaredKeys {
    /// SceneStorage keys, by scene id.
    package var storage: [String: [String]] = [:]
    /// In-memory state names, by scene id.
    var memory: [String: [String]] = [:]
    /// `app.defaults` keys; nil: any key.
    var defaults: [String]?
    /// `app.memory` keys (the model's `memory`); nil: any key.
    var appMemory: [String]?
    /// The app's own Lua functions: a declared model's handlers, intents and effects, and the
    /// scenes' handlers (explore's declared app asks whether any of them reaches `sim.server`).
    package var appCode: [LuaFunctionRef] = []

    /// nil when `key` may be used; else the message for `w.storage.key` (`what` is `storage`
    /// or `memory`) of a window of scene `scene`.
    func refusal(_ what: String, key: ByteString, scene: String) -> String? {
        let noun = what == "storage" ? "SceneStorage key" : "memory key"
        return Self.refusal(what == "storage" ? storage[scene] : memory[scene], key: key) { name in
            "w.\(what).\(name): scene \"\(scene)\" declares no \(noun) \"\(name)\""
        }
    }

    /// nil when `app.defaults.key` may be used; else the message.
    func defaultsRefusal(key: ByteString) -> String? {
        Self.refusal(defaults, key: key) { "app.defaults.\($0): the model declares no AppStorage key \"\($0)\"" }
    }

    /// nil when `app.memory.key` may be used; else the message.
    func appMemoryRefusal(key: ByteString) -> String? {
        Self.refusal(appMemory, key: key) { "app.memory.\($0): the model declares no memory key \"\($0)\"" }
    }

    /// nil when there is no list or `key` is in it; else `message` of the key as shown, with
    /// the hint. The key's own bytes are compared (its escaped text, `a\\b` for `a\b`, is only
    /// for the message: compared, it refused every key with a backslash or a control byte).
    private static func refusal(_ declared: [String]?, key: ByteString, message: (String) -> String) -> String? {
        guard let declared else { return nil }
        if let raw = key.string, declared.contains(raw) { return nil }
        let name = key.escaped
        return message(name) + hint(name, declared)
    }

    /// `name` is the key as shown (escaped); the declared names are shown escaped too, so a tab
    /// or a newline in one never breaks the message's line.
    private static func hint(_ name: String, _ declared: [String]) -> String {
        let shown = declared.map { ByteString($0).escaped }
        if let best = closest(to: name, among: shown) { return "; did you mean \"\(best)\"?" }
        if declared.isEmpty { return " (it declares none)" }
        return "; it declares \(shown.map { "\"\($0)\"" }.joined(separator: ", "))"
    }
}

/// `keys = { "selectedTab", "draft" }`: a list of UTF-8 key names, possibly empty; nil when
/// the option is not given. Names may also come with their anchor, where the app declares them
/// (`memory = { "journal", ["ReadQueue.pending"] = "ReadQueue.swift:31" }`, what `sim.extend`
/// makes of an overlay's facts): the listed names first, then the anchored ones by name.
func declaredKeyList(_ value: LuaValue, _ key: String, example: String, fail: (String) -> SimError) throws(SimError) -> [String]? {
    if value.isNil { return nil }
    guard case .table(let list) = value else {
        throw fail("\(key) must be a list of key names, e.g. \(example), not \(aLuaTypeName(value))")
    }
    var names: [String] = []
    for (offset, item) in list.sequence.enumerated() {
        guard case .string(let bytes) = item else {
            throw fail("\(key)[\(offset + 1)] must be a key name as a string, not \(aLuaTypeName(item))")
        }
        guard let name = bytes.string else {
            throw fail("\(key)[\(offset + 1)] must be valid UTF-8, as a Swift key is (got \(bytes.quoted))")
        }
        names.append(name)
    }
    guard list.count != list.sequence.count else { return names }
    var anchored: [(name: ByteString, anchor: LuaValue)] = []
    for (name, anchor) in list.entries {
        switch name {
        case .integer(let i) where i >= 1 && i <= Int64(list.sequence.count): continue
        case .string(let bytes): anchored.append((bytes, anchor))
        default: throw fail("\(key) must be a list of key names, e.g. \(example), or name = anchor pairs (found a \(luaTypeName(name)) key)")
        }
    }
    for (bytes, anchor) in anchored.sorted(by: { $0.name.bytes.lexicographicallyPrecedes($1.name.bytes) }) {
        guard let name = bytes.string else {
            throw fail("\(key)[\(bytes.quoted)] must be valid UTF-8, as a Swift key is")
        }
        try checkAnchor(anchor, "\(key)[\(bytes.quoted)]", fail: fail)
        if !names.contains(name) { names.append(name) }
    }
    return names
}

/// An anchor of a fact (`FactAnchor`): a string of one of its two forms, else an error.
func checkAnchor(_ value: LuaValue, _ what: String, fail: (String) -> SimError) throws(SimError) {
    guard case .string(let bytes) = value else {
        throw fail("\(what) must be the fact's anchor, where the app declares it: \(FactAnchor.forms), not \(aLuaTypeName(value))")
    }
    guard let text = bytes.string, FactAnchor(text) != nil else {
        throw fail("\(what): \(bytes.quoted) is not an anchor; give where the app declares it: \(FactAnchor.forms)")
    }
}
