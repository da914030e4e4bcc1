import ByteText
import LuaKit
import Testing

/// The getter calls a class with numbered fields received: (id, field number, cache).
final class FieldReads {
    var calls: [String] = []
    var values: [Int64: Int64] = [1: 10, 2: 20]
}

@Suite("Numbered fields: read by number from C, cached from their second read")
struct NumberedFieldTests {
    /// Class "Box": fields `n` and `twice` by number, any other key by name; `get`, numbered
    /// too, is a method, which wins.
    func makeBoxState(_ options: LuaOptions = LuaOptions()) -> (LuaState, LuaClass, FieldReads, OutputRecorder) {
        let (state, output) = makeState(options)
        let reads = FieldReads()
        var definition = LuaClassDefinition(name: "Box")
        definition.numberedFields = ["n", "twice", "get"]
        definition.getNumberedField = { call, id, field, cache in
            reads.calls.append("\(id).\(field)\(cache ? " cache" : "")")
            let value = LuaValue.integer((reads.values[id] ?? 0) * Int64(field + 1))
            if cache { call.cacheField(field == 0 ? "n" : "twice", value) }
            return call.results(value)
        }
        definition.getNamedField = { call, id, name in
            reads.calls.append("\(id) named \(name)")
            return call.results(.string(ByteString(name)))
        }
        definition.methods["get"] = { call, _ in call.results(.string(ByteString("method"))) }
        let box = state.defineClass(definition)
        state.register("box") { call in call.results(.handle(LuaHandle(box, id: call.int(at: 1) ?? 0))) }
        var other = LuaClassDefinition(name: "Other")
        other.getField = { call, _, _ in call.results(.string(ByteString("other"))) }
        let otherClass = state.defineClass(other)
        state.register("other") { call in call.results(.handle(LuaHandle(otherClass, id: 1))) }
        return (state, box, reads, output)
    }

    @Test("The first read calls the getter without caching, the second caches, the third is answered in C; dropping the cache starts over")
    func cachedFromSecondRead() throws {
        let (state, box, reads, output) = makeBoxState()
        _ = try state.run(
            """
            local b = box(1)
            print(b.n, b.n, b.n, b.twice, b.twice)
            """, chunkName: "=t")
        #expect(reads.calls == ["1.0", "1.0 cache", "1.1"] + ["1.1 cache"])
        #expect(output.text == "10\t10\t10\t20\t20\n")

        reads.calls = []
        reads.values[1] = 11
        state.clearFieldCache(of: LuaHandle(box, id: 1))
        _ = try state.run("local b = box(1); print(b.n, b.n, b.twice)", chunkName: "=t")
        #expect(reads.calls == ["1.0", "1.0 cache", "1.1"])
        #expect(output.text.hasSuffix("11\t11\t22\n"))
    }

    @Test("Each handle counts its own reads; methods (even of a numbered name) and other keys never reach the numbered getter")
    func perHandleAndOtherKeys() throws {
        let (state, _, reads, output) = makeBoxState()
        _ = try state.run(
            """
            local a, b = box(1), box(2)
            print(a.n, b.n, a:get(), a.other, a[1] == nil)
            """, chunkName: "=t")
        #expect(reads.calls == ["1.0", "2.0", "1 named other"])
        #expect(output.text == "10\t20\tmethod\tother\ttrue\n")
    }

    @Test("Another class's handle given to a class's __index (through debug) reaches no getter of that class and changes nothing of its own")
    func foreignHandle() throws {
        let (state, _, reads, output) = makeBoxState(LuaOptions(libraries: .all))
        try state.run(
            """
            local index = debug.getmetatable(box(1)).__index
            local o = other()
            print(index(o, "n"), index("text", "n"), index(nil, "twice"))
            print(o.n)
            """, chunkName: "=t")
        #expect(reads.calls.isEmpty)
        // The last call gives no value at all, as a getter that pushes nothing does.
        #expect(output.text == "nil\tnil\nother\n")
    }

    /// Class "Plain": numbered fields answered by a plain getter (the values in `plain`), except
    /// `table` (never plain: the plain getter is not asked), and any field whose value the plain getter leaves out, which the numbered getter
    /// answers (recording the call).
    func makePlainState() -> (LuaState, FieldReads, OutputRecorder, PlainValues) {
        let (state, output) = makeState()
        let reads = FieldReads()
        let plain = PlainValues()
        var definition = LuaClassDefinition(name: "Plain")
        definition.numberedFields = ["flag", "count", "ratio", "text", "none", "table", "fixed"]
        definition.plainNumberedField = { id, field, out in
            plain.asked.append("\(id).\(field)")
            if let value = plain.values[field] { out.put(value, keep: field == 6) }
        }
        definition.neverPlainFields = ["table"]
        definition.getNumberedField = { call, id, field, cache in
            reads.calls.append("\(id).\(field)\(cache ? " cache" : "")")
            if field == 5 { return call.results(.table(LuaTable(sequence: [.integer(1)]))) }
            return call.results(plain.long)
        }
        let plainClass = state.defineClass(definition)
        state.register("plain") { call in call.results(.handle(LuaHandle(plainClass, id: call.int(at: 1) ?? 0))) }
        return (state, reads, output, plain)
    }

    @Test(
        "A plain getter answers booleans, integers, floats, strings (NUL bytes and all) and nil in C; other values, strings over 128 bytes and fields never plain go to the numbered getter"
    )
    func plainValues() throws {
        let (state, reads, output, plain) = makePlainState()
        _ = try state.run(
            """
            local p = plain(3)
            print(p.flag, p.count, math.type(p.count), p.ratio, math.type(p.ratio), #p.text, p.text == "a\\0b\\255", p.none, p.table[1])
            """, chunkName: "=t")
        #expect(output.text == "true\t42\tinteger\t0.5\tfloat\t4\ttrue\tnil\t1\n")
        // `table` is never plain: C does not ask the plain getter for it.
        #expect(plain.asked == ["3.0", "3.1", "3.1", "3.2", "3.2", "3.3", "3.3", "3.4"])
        #expect(reads.calls == ["3.5"])

        reads.calls = []
        plain.values[3] = .string(ByteString(Array(repeating: 120, count: 129)))
        _ = try state.run("local p = plain(3); print(#p.text)", chunkName: "=t")
        // Read before (twice): the numbered getter is asked to cache it.
        #expect(reads.calls == ["3.3 cache"], "a string over 128 bytes is pushed by the numbered getter")
        #expect(output.text.hasSuffix("200\n"))
        plain.values[3] = .string(ByteString(Array(repeating: 120, count: 128)))
        _ = try state.run("local p = plain(3); print(#p.text)", chunkName: "=t")
        #expect(output.text.hasSuffix("128\n"))
        #expect(reads.calls == ["3.3 cache"])
    }

    @Test("A plain value is cached from its second read when its getter says keep, and never otherwise")
    func plainCaching() throws {
        let (state, reads, output, plain) = makePlainState()
        _ = try state.run("local p = plain(1); print(p.fixed, p.fixed, p.fixed, p.count, p.count, p.count)", chunkName: "=t")
        #expect(plain.asked == ["1.6", "1.6", "1.1", "1.1", "1.1"])
        #expect(reads.calls.isEmpty)
        #expect(output.text == "fixed\tfixed\tfixed\t42\t42\t42\n")
    }
}

/// What a plain getter answers, by field number, and what it was asked (id.field).
final class PlainValues {
    var values: [Int: LuaValue] = [
        0: .boolean(true), 1: .integer(42), 2: .number(0.5), 3: .string(ByteString([97, 0, 98, 255])), 4: .nil,
        6: .string(ByteString("fixed")),
    ]
    var asked: [String] = []
    /// The numbered getter's answer for a field the plain getter left out.
    var long: LuaValue = .string(ByteString(Array(repeating: 121, count: 200)))
}
