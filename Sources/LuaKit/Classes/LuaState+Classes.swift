import CLua
import CLuaShim

extension LuaState {
    /// Registers a handle class; push handles of it with `.handle(LuaHandle(type, id: n))`.
    ///
    /// Calling a method with a dot instead of a colon (`obj.method()`), or on a value of another
    /// class, raises an error that says so. `getmetatable(handle)` gives the class name only.
    public func defineClass(_ definition: LuaClassDefinition) -> LuaClass {
        let type = LuaClass(name: definition.name, index: Int32(classes.count + 1))
        let name = definition.name
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        lua_checkstack(stack.L, 4)

        var methods = LuaTable()
        for (method, body) in definition.methods {
            methods[field: method] = .function(makeFunction { call in
                guard let id = call.handle(at: 1, of: type) else {
                    return .error("bad self for '\(method)' (\(name) expected, got \(call.typeName(at: 1))); "
                        + "call it with a colon: obj:\(method)(...)")
                }
                return body(call, id)
            })
        }
        stack.push(.table(methods))
        let methodsReference = luaL_ref(stack.L, scn_registry_index())
        classes.append((type, methodsReference))

        // __index is a C function (scn_index): methods and cached fields never reach Swift; only
        // other reads come here.
        let getter = makeFunction { call in
            guard let id = call.handle(at: 1, of: type), let key = call.string(at: 2) else { return .values(0) }
            let result = definition.getField?(call, id, key) ?? .values(0)
            // The getter's caller is scn_index (C); the Lua line that read the field is one up.
            if case .error(let message, .caller) = result { return .error(message, location: .level(2)) }
            return result
        }
        let setter = { (call: LuaCall) -> LuaReturn in
            guard let id = call.handle(at: 1, of: type) else { return .values(0) }
            guard let key = call.string(at: 2) else {
                return .error("cannot set a \(call.typeName(at: 2)) key on \(name): field names are strings")
            }
            if definition.methods[key] != nil {
                return .error("cannot assign to '\(key)': it is a method of \(name)")
            }
            guard let setField = definition.setField else {
                return .error("cannot set field '\(key)': fields of \(name) are read-only")
            }
            return setField(call, id, key)
        }
        var metatable = LuaTable()
        metatable[field: "__newindex"] = .function(makeFunction { call in
            let result = setter(call)
            // With buffering, the setter's caller is scn_newindex (C); the Lua line is one up.
            if definition.bufferedWrite != nil, case .error(let message, .caller) = result {
                return .error(message, location: .level(2))
            }
            return result
        })
        metatable[field: "__tostring"] = .function(makeFunction { call in
            guard let id = call.handle(at: 1, of: type) else { return call.results(.string(name)) }
            return call.results(.string(definition.toString?(id) ?? "\(name)(\(id))"))
        })
        if let length = definition.length {
            metatable[field: "__len"] = .function(makeFunction { call in
                guard let id = call.handle(at: 1, of: type) else { return .values(0) }
                return length(call, id)
            })
        }
        if let bufferedWrite = definition.bufferedWrite {
            // __newindex becomes C (scn_newindex), which calls the Swift setter above only
            // for writes it cannot buffer.
            bufferedWriters[type.index] = bufferedWrite
            stack.push(.table(metatable))
            stack.push(string: "__newindex")
            lua_pushvalue(stack.L, -1)
            lua_rawget(stack.L, -3)  // the Swift setter
            lua_rawgeti(stack.L, scn_registry_index(), lua_Integer(methodsReference))
            scn_insert(stack.L, -2)  // metatable, key, methods, setter
            scn_push_newindex_function(stack.L, -2)
            scn_remove(stack.L, -2)  // metatable, key, scn_newindex
            lua_rawset(stack.L, -3)
        } else {
            stack.push(.table(metatable))
        }
        stack.push(string: "__index")
        lua_rawgeti(stack.L, scn_registry_index(), lua_Integer(methodsReference))
        stack.push(.function(getter))
        scn_push_index_function(stack.L)
        lua_rawset(stack.L, -3)
        scn_register_class(stack.L, type.index, name)
        assert(stack.top == top, "LuaKit: unbalanced stack in defineClass")
        return type
    }

    /// The class registered at `index` (1-based, as stored in handles).
    func luaClass(at index: Int32) -> LuaClass? {
        let offset = Int(index) - 1
        return classes.indices.contains(offset) ? classes[offset].type : nil
    }
}

extension LuaState {
    /// Drops the field cache of `handle` (see `LuaCall.cacheField`); call it whenever a cached
    /// field's value changes. Nothing happens if Lua holds no userdata for the handle now.
    public func clearFieldCache(of handle: LuaHandle) {
        scn_cache_clear(currentThread, handle.type.index, handle.id)
    }
}
