import ByteText
import LuaKit
import SceneSimCore

// The keys a script declares (scenarios/README.md, "Declared keys") are read here; they live
// in the core (`SceneDeclaration.keys` and `memory`, `AppModel.defaultsKeys` and `memoryKeys`),
// which refuses another key with "did you mean" (Simulator+DeclaredKeys).

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
