import LuaKit
import Testing

/// A tiny owner of windows, standing in for the simulator behind the handles.
final class WindowStore {
    var titles: [Int64: String] = [1: "main", 2: "detail"]
    var focused: [Int64] = []
}

@Suite("Userdata handles of Swift classes")
struct HandleTests {
    func makeWindowState() -> (LuaState, LuaClass, WindowStore, OutputRecorder) {
        let (state, output) = makeState()
        let store = WindowStore()
        var definition = LuaClassDefinition(name: "Window")
        definition.methods["focus"] = { call, id in
            store.focused.append(id)
            return call.results(.boolean(true))
        }
        definition.getField = { call, id, key in
            guard let title = store.titles[id] else {
                return .error("window \(id) was closed")
            }
            switch key {
            case "title": return call.results(.string(title))
            case "id": return call.results(.integer(id))
            default: return .values(0)
            }
        }
        definition.setField = { call, id, key in
            guard key == "title", let title = call.string(at: 3) else {
                return .error("cannot set '\(key)' on a window")
            }
            store.titles[id] = title
            return .values(0)
        }
        definition.toString = { id in "Window#\(id)(\(store.titles[id] ?? "closed"))" }
        let window = state.defineClass(definition)
        state.register("window") { call in
            call.results(.handle(LuaHandle(window, id: call.int(at: 1) ?? 0)))
        }
        return (state, window, store, output)
    }

    @Test("Handles have methods, readable and writable fields, and a tostring")
    func methodsAndFields() throws {
        let (state, _, store, output) = makeWindowState()
        let source = """
            local w = window(1)
            local ok = w:focus()
            w.title = "renamed"
            print(w, w.title, w.id, w.missing, type(w), getmetatable(w))
            return ok
            """
        #expect(try state.run(source, chunkName: "=t") == [true])
        #expect(store.focused == [1])
        #expect(output.text == "Window#1(renamed)\trenamed\t1\tnil\tuserdata\tWindow\n")
    }

    @Test("The same id gives the same userdata, so == , rawequal and table keys work")
    func identity() throws {
        let (state, window, _, _) = makeWindowState()
        let source = """
            local a, b, c = window(1), window(1), window(2)
            local seen = { [a] = "first" }
            return a == b, rawequal(a, b), a == c, seen[b], a
            """
        let results = try state.run(source, chunkName: "=t")
        #expect(Array(results.prefix(4)) == [true, true, false, "first"])
        #expect(results[4] == .handle(LuaHandle(window, id: 1)))
        // A handle pushed from Swift round-trips to the same userdata.
        state.setGlobal("kept", .handle(LuaHandle(window, id: 2)))
        #expect(try state.run("return rawequal(kept, window(2))", chunkName: "=t") == [true])
    }

    @Test("Misuse of a handle raises located errors and leaves the state usable")
    func misuse() throws {
        let (state, _, store, _) = makeWindowState()
        store.titles[2] = nil
        let source = """
            local w = window(1)
            local r = {}
            r[1] = select(2, pcall(function() return w.focus() end))
            r[2] = select(2, pcall(function() w.focus = 1 end))
            r[3] = select(2, pcall(function() w.other = 1 end))
            r[4] = select(2, pcall(function() return window(2).title end))
            r[5] = select(2, pcall(function() getmetatable(w).__index = nil end))
            return table.unpack(r)
            """
        let results = try state.run(source, chunkName: "@h.lua")
        #expect(results == [
            "h.lua:3: bad self for 'focus' (Window expected, got no value); call it with a colon: obj:focus(...)",
            "h.lua:4: cannot assign to 'focus': it is a method of Window",
            "h.lua:5: cannot set 'other' on a window",
            "h.lua:6: window 2 was closed",
            "h.lua:7: attempt to index a string value",
        ])
        #expect(try state.run("return window(1):focus()", chunkName: "=t") == [true])
    }

    @Test("Arguments that are handles unwrap to their class and id")
    func unwrapping() throws {
        let (state, window, _, _) = makeWindowState()
        var unwrapped: [String] = []
        state.register("which") { call in
            unwrapped.append("\(call.handle(at: 1, of: window).map(String.init) ?? "-") \(call.typeName(at: 1))")
            return .values(0)
        }
        try state.run("which(window(2)) which({}) which(io)", chunkName: "=t")
        #expect(unwrapped == ["2 Window", "- table", "- nil"])
    }
}
