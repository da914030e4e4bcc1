import ByteText
import CLuaShim

/// The deterministic text form of Lua values, shared by `print`, `tostring` and `describe`.
///
/// The rule is "Lua's `tostring` without addresses": `function: 0x55...` becomes `function`, a
/// userdata named `Window` becomes `Window` (unless its `__tostring` says more), and a table
/// shows its contents in Lua constructor syntax with keys in canonical order (`LuaKeyOrder`):
/// `{1, 2, x = "s", ["two words"] = true, [2.5] = {}}`. Nested strings are quoted with
/// `ByteString.quoted`, so the text reads back as the same value; a table met again on its own
/// path prints `<cycle>`; nesting deeper than `maxDepth` prints `{...}`; a rendering that
/// reaches `maxBytes` ends each open table with `...`. So no output of `print` or `tostring`
/// contains an address, and equal data always prints the same. (`string.format` renders `%s`
/// through `tostring` and refuses `%p`; see determinism.c. io.write, with `.all`, writes to
/// standard output directly.)
enum LuaRenderer {
    /// How deep tables nest before the renderer writes `{...}`.
    static let maxDepth = 8

    /// The most bytes one rendering writes before it cuts tables short with `...` (1 MiB).
    static let maxBytes = 1 << 20

    /// The most bytes of a table key's (or its value's) text used to order it among others.
    static let maxSortBytes = 256

    /// A float exactly as Lua prints it (`2.0`, `0.1`, `1e+100`, `inf`).
    static func number(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        scn_format_number(value, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `name = ` for identifiers, `[key] = ` for everything else.
    static func appendKeyPrefix(_ key: LuaKeyOrder, to buffer: inout LuaRenderBuffer) {
        switch key.rank {
        case .number:
            buffer.append("[" + (key.integer.map { String($0) } ?? number(key.float)) + "] = ")
        case .string:
            if LuaSyntax.isIdentifier(key.bytes) {
                buffer.append(bytes: key.bytes)
                buffer.append(" = ")
            } else {
                buffer.append("[" + ByteString(key.bytes).quoted + "] = ")
            }
        case .boolean:
            buffer.append(key.float != 0 ? "[true] = " : "[false] = ")
        case .other, .handle:
            buffer.append("[")
            buffer.append(bytes: key.bytes)
            buffer.append("] = ")
        }
    }

    /// Writes a table whose entries are `order` (sorted): the sequence part positionally, then
    /// the other keys in order; `value` writes the value of the entry at an original offset.
    static func table<E: Error>(
        _ order: [(offset: Int, key: LuaKeyOrder)],
        into buffer: inout LuaRenderBuffer,
        value: (Int, inout LuaRenderBuffer) throws(E) -> Void
    ) throws(E) {
        guard !order.isEmpty else { return buffer.append("{}") }
        buffer.append("{")
        var next: Int64 = 1
        for (position, entry) in order.enumerated() {
            if position > 0 { buffer.append(", ") }
            if buffer.isFull {
                buffer.append("...")
                break
            }
            if entry.key.integer == next {
                next += 1
            } else {
                appendKeyPrefix(entry.key, to: &buffer)
            }
            try value(entry.offset, &buffer)
        }
        buffer.append("}")
    }

    /// Renders a copied value; strings are quoted when `quoted` (inside tables always).
    static func render(_ value: LuaValue, quoted isQuoted: Bool, depth: Int = 0, into buffer: inout LuaRenderBuffer) {
        switch value {
        case .nil: buffer.append("nil")
        case .boolean(let boolean): buffer.append(boolean ? "true" : "false")
        case .integer(let integer): buffer.append(String(integer))
        case .number(let float): buffer.append(number(float))
        case .string(let string): isQuoted ? buffer.append(string.quoted) : buffer.append(bytes: string.bytes)
        case .handle(let handle): buffer.append("\(handle.type.name)(\(handle.id))")
        case .function: buffer.append("function")
        case .opaque(let typeName): buffer.append(typeName)
        case .table(let table):
            // Visiting a table costs sorting its keys: not once the rendering is full.
            if depth >= maxDepth || buffer.isFull { return buffer.append("{...}") }
            let entries = Array(table.unorderedEntries)
            let order = entries.enumerated()
                .map { (offset: $0.offset, key: LuaKeyOrder($0.element.key, value: $0.element.value)) }
                .sorted { $0.key < $1.key }
            self.table(order, into: &buffer) { offset, buffer in
                render(entries[offset].value, quoted: true, depth: depth + 1, into: &buffer)
            }
        }
    }

    /// The text of a copied value, capped at `maxBytes`.
    static func render(_ value: LuaValue, quoted: Bool) -> [UInt8] {
        var buffer = LuaRenderBuffer(limit: maxBytes)
        render(value, quoted: quoted, into: &buffer)
        return buffer.bytes
    }

    /// The short text that orders a table key (or breaks a tie with its value), shallow and
    /// capped at `maxSortBytes`.
    static func sortText(_ value: LuaValue) -> [UInt8] {
        var buffer = LuaRenderBuffer(limit: maxSortBytes)
        render(value, quoted: true, depth: maxDepth - 1, into: &buffer)
        return buffer.bytes
    }
}

extension LuaValue: CustomStringConvertible {
    /// The deterministic Lua-like text of the value (strings quoted; see `LuaState.describe` for
    /// the form that runs `__tostring`).
    package var description: String { String(decoding: LuaRenderer.render(self, quoted: true), as: UTF8.self) }
}
