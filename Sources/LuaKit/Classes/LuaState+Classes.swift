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

        var metatable = LuaTable()
        metatable[field: "__index"] = .function(makeFunction { call in
            guard let id = call.handle(at: 1, of: type), let key = call.string(at: 2) else { return .values(0) }
            if call.state.pushMethod(key, of: type) { return .values(1) }
            return definition.getField?(call, id, key) ?? .values(0)
        })
        metatable[field: "__newindex"] = .function(makeFunction { call in
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
        stack.push(.table(metatable))
        scn_register_class(stack.L, type.index, name)
        assert(stack.top == top, "LuaKit: unbalanced stack in defineClass")
        return type
    }

    /// The class registered at `index` (1-based, as stored in handles).
    func luaClass(at index: Int32) -> LuaClass? {
        let offset = Int(index) - 1
        return classes.indices.contains(offset) ? classes[offset].type : nil
    }

    /// Pushes method `name` of `type` and returns true, or pushes nothing and returns false.
    func pushMethod(_ name: String, of type: LuaClass) -> Bool {
        let offset = Int(type.index) - 1
        guard classes.indices.contains(offset) else { return false }
        let record = classes[offset]
        let stack = LuaStack(L: currentThread, state: self)
        lua_checkstack(stack.L, 3)
        lua_rawgeti(stack.L, scn_registry_index(), lua_Integer(record.methods))
        stack.push(string: name)
        if lua_rawget(stack.L, -2) == LUA_TFUNCTION {
            scn_remove(stack.L, -2)
            return true
        }
        stack.pop(2)
        return false
    }
}
