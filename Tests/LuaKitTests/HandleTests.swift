import ByteText
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
            case "title": return call.results(.string(ByteString(title)))
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

    @Test("results(handles:of:) gives the very handles one push each gives, made or found, in order; of another state's class, an empty list")
    func listOfHandles() throws {
        let (state, window, _, output) = makeWindowState()
        let (other, _) = makeState()
        _ = other.defineClass(LuaClassDefinition(name: "First"))
        let foreign = other.defineClass(LuaClassDefinition(name: "Elsewhere"))  // no class of `state` has its index
        state.register("windows") { call in call.results(handles: [2, 1, 5, 2], of: window) }
        state.register("foreign") { call in call.results(handles: [1, 2], of: foreign) }
        _ = try state.run(
            """
            local one = window(1)
            local list = windows()
            print(#list, list[1] == window(2), rawequal(list[2], one), rawequal(list[1], list[4]), list[3] == window(5), tostring(list[1]))
            local again = windows()
            print(rawequal(again[3], list[3]), again == list, #foreign(), type(foreign()))
            """, chunkName: "=t")
        #expect(output.text == "4\ttrue\ttrue\ttrue\ttrue\tWindow#2(detail)\ntrue\tfalse\t0\ttable\n")
    }

    @Test("pairs walks a handle's contents in pairs' fixed order, even after the global is replaced")
    func pairsOverContents() throws {
        let (state, output) = makeState()
        var definition = LuaClassDefinition(name: "Bag")
        definition.contents = { id in LuaTable(fields: ["b": .integer(id), "a": .string("x"), "c": .boolean(true)]) }
        let bag = state.defineClass(definition)
        state.register("bag") { call in call.results(.handle(LuaHandle(bag, id: 7))) }
        let source = """
            local walk = pairs
            pairs = function() error("replaced") end
            for k, v in walk(bag()) do print(k, v) end
            """
        _ = try state.run(source, chunkName: "=t")
        #expect(output.text == "a\tx\nb\t7\nc\ttrue\n")
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
        #expect(
            results == [
                "h.lua:3: bad self for 'focus' (Window expected, got no value); call it with a colon: obj:focus(...)",
                "h.lua:4: cannot assign to 'focus': it is a method of Window",
                "h.lua:5: cannot set 'other' on a window",
                "h.lua:6: window 2 was closed",
                "h.lua:7: attempt to index a string value",
            ])
        #expect(try state.run("return window(1):focus()", chunkName: "=t") == [true])
    }

    @Test("A handle of a class this state never registered arrives as nil")
    func foreignClassHandle() throws {
        let (other, _, _, _) = makeWindowState()
        let foreign = other.defineClass(LuaClassDefinition(name: "Elsewhere"))
        let (state, output) = makeState()
        state.register("foreign") { call in call.results(.handle(LuaHandle(foreign, id: 1))) }
        try state.run("print(foreign())", chunkName: "=t")
        #expect(output.text == "nil\n")
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

/// A class whose cached fields accept buffered writes: `setField` and `bufferedWrite` record
/// what reaches Swift, so the tests see which writes C kept.
final class BufferedStore {
    var values: [String: LuaValue] = ["n": .integer(0), "s": .string("ab")]
    var setCalls: [String] = []
    var handedOver: [String] = []
}

@Suite("Buffered writes to cached fields")
struct BufferedWriteHandleTests {
    func makeBoxState(writable: Bool = true) -> (LuaState, BufferedStore, OutputRecorder) {
        let (state, output) = makeState()
        let store = BufferedStore()
        var definition = LuaClassDefinition(name: "Box")
        definition.getField = { call, _, key in
            let value = store.values[key.escaped] ?? .nil
            call.cacheField(key, value, acceptsWrites: writable)
            return call.results(value)
        }
        definition.setField = { call, _, key in
            let value = call.value(at: 3)
            guard !value.isNil else { return .error("cannot delete '\(key)'") }
            store.setCalls.append("\(key)=\(value)")
            store.values[key.escaped] = value
            call.cacheField(key, value, acceptsWrites: writable)
            return .values(0)
        }
        definition.bufferedWrite = { _, key, value in
            store.handedOver.append("\(key)=\(value)")
            store.values[key.escaped] = value
        }
        let box = state.defineClass(definition)
        state.register("box") { call in call.results(.handle(LuaHandle(box, id: 1))) }
        state.register("swift") { call in
            call.results(.string(ByteString(store.handedOver.joined(separator: ","))))
        }
        return (state, store, output)
    }

    @Test("Same-kind writes to a cached field stay in C and are handed over once, before Swift next runs")
    func handedOverBeforeSwift() throws {
        let (state, store, output) = makeBoxState()
        try state.run(
            """
            local b = box()
            local _ = b.n, b.s
            for i = 1, 100 do b.n = i end
            b.s = "cd"
            print(b.n, b.s, swift())
            b.n = 7
            """, chunkName: "=t")
        #expect(store.setCalls.isEmpty)
        // Handed over in key order when print (a Swift function) ran, then 7 when the call ended.
        #expect(output.text == "100\tcd\tn=100,s=\"cd\"\n")
        #expect(store.handedOver == ["n=100", "s=\"cd\"", "n=7"])
        #expect(store.values["n"] == .integer(7))
    }

    @Test("Writes that change a field's type or size, or that the class did not allow, reach setField at their line")
    func checkedWrites() throws {
        let (state, store, _) = makeBoxState()
        try state.run(
            """
            local b = box()
            local _ = b.n, b.s
            b.n = 1.5
            b.s = "abc"
            b.new = true
            local ok, message = pcall(function() b.n = nil end)
            assert(not ok and message == "t:6: cannot delete 'n'", message)
            """, chunkName: "=t")
        #expect(store.setCalls == ["n=1.5", "s=\"abc\"", "new=true"])
        #expect(store.handedOver.isEmpty)

        let (closed, closedStore, _) = makeBoxState(writable: false)
        try closed.run("local b = box(); local _ = b.n; b.n = 1; b.n = 2", chunkName: "=t")
        #expect(closedStore.setCalls == ["n=1", "n=2"])
        #expect(closedStore.handedOver.isEmpty)
    }

    @Test("Writes from code running inside a Swift function are never buffered")
    func nestedWrites() throws {
        let (state, store, _) = makeBoxState()
        state.register("call") { call in
            guard let function = call.function(at: 1) else { return .error("function expected") }
            do {
                _ = try call.state.call(function)
            } catch {
                return .error("\(error)")
            }
            return .values(0)
        }
        try state.run(
            """
            local b = box()
            local _ = b.n
            call(function() b.n = 1; b.n = 2 end)
            """, chunkName: "=t")
        #expect(store.setCalls == ["n=1", "n=2"])
        #expect(store.handedOver.isEmpty)
    }

    @Test("A write buffered before an error is handed over when the protected call returns")
    func errorAfterWrite() {
        let (state, store, _) = makeBoxState()
        #expect(throws: LuaError.self) {
            try state.run("local b = box(); local _ = b.n; b.n = 5; error('stop')", chunkName: "=t")
        }
        #expect(store.handedOver == ["n=5"])
    }
}
