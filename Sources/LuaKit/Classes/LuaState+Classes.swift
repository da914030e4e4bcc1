import ByteText
import CLua
import CLuaShim

extension LuaState {
    /// Registers a handle class; push handles of it with `.handle(LuaHandle(type, id: n))`.
    ///
    /// Calling a method with a dot instead of a colon (`obj.method()`), or on a value of another
    /// class, raises an error that says so. `getmetatable(handle)` gives the class name only.
    package func defineClass(_ definition: LuaClassDefinition) -> LuaClass {
        let type = LuaClass(name: definition.name, index: Int32(classes.count + 1))
        let name = definition.name
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        lua_checkstack(stack.L, 6)

        var methods = LuaTable()
        for (method, body) in definition.methods {
            methods[field: method] = .function(
                makeFunction { call in
                    guard let id = call.handle(at: 1, of: type) else {
                        return .error(
                            "bad self for '\(method)' (\(name) expected, got \(call.typeName(at: 1))); "
                                + "call it with a colon: obj:\(method)(...)")
                    }
                    return body(call, id)
                })
        }
        stack.push(.table(methods))  // stays on the stack until the class is registered
        let methodsIndex = stack.top
        classes.append(type)
        let text: (Int64) -> String = { id in definition.toString?(id) ?? "\(name)(\(id))" }
        handleText.append(text)

        // __index is a C function (scn_index): methods and cached fields never reach Swift; only
        // other reads come here.
        // Called by scn_index itself (no Lua function of its own), so its caller is the Lua line
        // that read the field.
        let getter = functions.count
        functions.append { call in
            guard let id = call.handle(at: 1, of: type) else { return .values(0) }
            if let named = definition.getNamedField, call.count >= 2, let name = call.stack.plainString(at: 2) { return named(call, id, name) }
            guard let key = call.bytes(at: 2) else { return .values(0) }
            return definition.getField?(call, id, key) ?? .values(0)
        }
        let setter = { (call: LuaCall) -> LuaReturn in
            guard let id = call.handle(at: 1, of: type) else { return .values(0) }
            guard let key = call.bytes(at: 2) else {
                return .error("cannot set a \(call.typeName(at: 2)) key on \(name): field names are strings")
            }
            if let method = key.string, definition.methods[method] != nil {
                return .error("cannot assign to '\(key)': it is a method of \(name)" + (definition.methodAssignmentHint.map { "; " + $0(method) } ?? ""))
            }
            guard let setField = definition.setField else {
                return .error("cannot set field '\(key)': fields of \(name) are read-only")
            }
            return setField(call, id, key)
        }
        let newindex = makeFunction { call in
            let result = setter(call)
            // With buffering, the setter's caller is scn_newindex (C); the Lua line is one up.
            if definition.bufferedWrite != nil, case .error(let message, .caller) = result {
                return .error(message, location: .level(2))
            }
            return result
        }
        var metatable = LuaTable()
        if definition.bufferedWrite == nil {
            metatable[field: "__newindex"] = .function(newindex)
        }
        metatable[field: "__tostring"] = .function(
            makeFunction { call in
                guard let id = call.handle(at: 1, of: type) else { return call.results(.string(ByteString(name))) }
                return call.results(text: text(id))
            })
        if let length = definition.length {
            metatable[field: "__len"] = .function(
                makeFunction { call in
                    guard let id = call.handle(at: 1, of: type) else { return .values(0) }
                    return length(call, id)
                })
        }
        if let contents = definition.contents {
            let snapshot = makeFunction { call in
                guard let id = call.handle(at: 1, of: type) else { return .values(0) }
                do throws(LuaError) {
                    return call.results(.table(try contents(id)))
                } catch {
                    // Raised by __pairs at the line that called pairs (see pairsMetamethod).
                    return call.results(.nil, .string(ByteString(error.message)))
                }
            }
            metatable[field: "__pairs"] = .function(pairsMetamethod(snapshot: snapshot))
        }
        stack.push(.table(metatable))
        if let bufferedWrite = definition.bufferedWrite {
            // __newindex is C (scn_newindex), which calls the Swift setter only for writes it
            // cannot buffer.
            let slot = Int(type.index)
            if bufferedWriters.count <= slot { bufferedWriters += Array(repeating: nil, count: slot + 1 - bufferedWriters.count) }
            bufferedWriters[slot] = bufferedWrite
            stack.push(string: "__newindex")
            stack.push(.function(newindex))
            scn_push_newindex_function(stack.L, methodsIndex)
            lua_rawset(stack.L, -3)
        }
        stack.push(string: "__index")
        if let numbered = definition.getNumberedField, !definition.numberedFields.isEmpty {
            precondition(definition.numberedFields.count <= 32, "LuaKit: at most 32 numbered fields")
            let numberedGetter = functions.count
            // Arguments: the handle, the key, its id, the field's number, whether to cache.
            functions.append { call in
                let L = call.stack.L
                return numbered(call, lua_tointegerx(L, 3, nil), Int(lua_tointegerx(L, 4, nil)), lua_toboolean(L, 5) != 0)
            }
            precondition(type.index < 1 << 16, "LuaKit: numbered fields need a class index below 2^16")
            // One table of names for __index: the methods (a copy) and the numbered fields.
            var names = methods
            for (number, field) in definition.numberedFields.enumerated() where definition.methods[field] == nil {
                names[field: field] = .integer(Int64(number))
            }
            stack.push(.table(names))
            scn_push_numbered_index_function(stack.L, lua_Integer(getter), lua_Integer(numberedGetter), type.index)
            if let plain = definition.plainNumberedField {
                let box = PlainFieldBox(plain)
                plainFieldBoxes.append(box)
                var fields: UInt32 = 0
                for (number, field) in definition.numberedFields.enumerated() where !definition.neverPlainFields.contains(field) {
                    fields |= 1 << UInt32(number)
                }
                scn_set_plain_getter(stack.L, type.index, plainFieldTrampoline, Unmanaged.passUnretained(box).toOpaque(), fields)
            }
        } else {
            lua_pushvalue(stack.L, methodsIndex)
            scn_push_index_function(stack.L, lua_Integer(getter))
        }
        lua_rawset(stack.L, -3)
        scn_register_class(stack.L, type.index, name)
        stack.pop()  // the methods table
        assert(stack.top == top, "LuaKit: unbalanced stack in defineClass")
        return type
    }

    /// `__pairs` for a class with `contents`: `pairs` (the deterministic one installed with the
    /// state, captured now so a script that replaces the global cannot change it) over a
    /// snapshot, so a loop sees the keys in the same order as over a table.
    private func pairsMetamethod(snapshot: LuaFunctionRef) -> LuaFunctionRef {
        do {
            let factory = try run(
                """
                local pairs, error = pairs, error
                return function(snapshot)
                  return function(self)
                    local contents, refusal = snapshot(self)
                    -- Level 3: the script's line that called pairs (2 is pairs itself).
                    if contents == nil then error(refusal, 3) end
                    return pairs(contents)
                  end
                end
                """, chunkName: "=pairs")
            guard case .function(let make)? = factory.first,
                case .function(let metamethod)? = try call(make, [.function(snapshot)]).first
            else {
                fatalError("LuaKit: building __pairs gave no function")
            }
            return metamethod
        } catch {
            fatalError("LuaKit: building __pairs failed: \(error)")
        }
    }

    /// The class registered at `index` (1-based, as stored in handles).
    func luaClass(at index: Int32) -> LuaClass? {
        let offset = Int(index) - 1
        return classes.indices.contains(offset) ? classes[offset] : nil
    }
}

extension LuaState {
    /// Drops the field cache of `handle` (see `LuaCall.cacheField`); call it whenever a cached
    /// field's value changes. Nothing happens if Lua holds no userdata for the handle now.
    package func clearFieldCache(of handle: LuaHandle) {
        scn_cache_clear(currentThread, handle.type.index, handle.id)
    }
}

/// A class's `plainNumberedField`, kept alive by its state (`plainFieldBoxes`) for C to call.
final class PlainFieldBox {
    let get: (Int64, Int, inout LuaPlainBuffer) -> Void
    init(_ get: @escaping (Int64, Int, inout LuaPlainBuffer) -> Void) { self.get = get }
}

/// The buffer scn_index pushes a plain field's value from (`scn_plain`), written in place: a
/// string's bytes are copied once, into C's buffer, and no `LuaValue` is made.
package struct LuaPlainBuffer: LuaPlainSink {
    private let out: UnsafeMutablePointer<scn_plain>

    init(_ out: UnsafeMutablePointer<scn_plain>) { self.out = out }

    package mutating func putNil(keep: Bool) {
        out.pointee.type = LUA_TNIL
        out.pointee.keep = keep ? 1 : 0
    }

    package mutating func put(_ value: Bool, keep: Bool) {
        out.pointee.type = LUA_TBOOLEAN
        out.pointee.boolean = value ? 1 : 0
        out.pointee.keep = keep ? 1 : 0
    }

    package mutating func put(integer: Int64, keep: Bool) {
        out.pointee.type = LUA_TNUMBER
        out.pointee.is_integer = 1
        out.pointee.integer = integer
        out.pointee.keep = keep ? 1 : 0
    }

    package mutating func put(number: Double, keep: Bool) {
        out.pointee.type = LUA_TNUMBER
        out.pointee.is_integer = 0
        out.pointee.number = number
        out.pointee.keep = keep ? 1 : 0
    }

    package mutating func put(_ bytes: ByteString, keep: Bool) {
        bytes.bytes.withUnsafeBytes { put(bytes: $0, keep: keep) }
    }

    package mutating func put(utf8 text: String, keep: Bool) {
        // A native string's UTF-8 in place (every string here is); a copy otherwise.
        if text.utf8.withContiguousStorageIfAvailable({ put(bytes: UnsafeRawBufferPointer($0), keep: keep) }) == nil {
            var text = text
            text.withUTF8 { put(bytes: UnsafeRawBufferPointer($0), keep: keep) }
        }
    }

    /// A string longer than C's buffer is left out: the numbered getter answers it.
    private func put(bytes: UnsafeRawBufferPointer, keep: Bool) {
        guard bytes.count <= out.pointee.capacity, let buffer = out.pointee.buffer else { return }
        if let base = bytes.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count) }
        out.pointee.type = LUA_TSTRING
        out.pointee.length = bytes.count
        out.pointee.keep = keep ? 1 : 0
    }
}

/// What scn_index calls for a class with a plain getter: the box's getter, writing for C.
private let plainFieldTrampoline: scn_plain_getter = { context, id, field, out in
    guard let context, let out else { return }
    var buffer = LuaPlainBuffer(out)
    // The state keeps the box alive (plainFieldBoxes): no retain for the call.
    Unmanaged<PlainFieldBox>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.get(id, Int(field), &buffer) }
}
