#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSyntax) import SwiftSyntax

/// Deep but legal Swift (40,000 chained modifiers, 10,000 nested `#if`) makes swift-syntax's
/// parser and visitors recurse once per level: on the main thread's 8 MiB stack that was a
/// SIGSEGV. Scaffolding runs on a thread with a large stack (reserved, touched only as deep
/// code needs it), and a file whose syntax tree is deeper than that stack holds is a warning
/// naming it and is not read (`Scaffolder.depthLimit`), never a crash.
package enum LargeStack {
    /// The stack the scaffold runs on: 4 GiB of address space, of which a file of ordinary
    /// depth touches a few pages.
    package static let size = 4 << 30

    private final class Box: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Marks the threads `run` starts, so a nested `run` stays on its thread.
    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the calling thread is one `run` started (its stack is `size`).
    package static var isCurrent: Bool { pthread_getspecific(key) != nil }

    /// `body`'s result, computed on a thread with a `size` stack while the caller waits (on the
    /// calling thread when that is already one, or when no such thread can start: then
    /// `stackSize` is what the depth limit is taken from, see `available`).
    package static func run<T>(_ body: () -> T) -> T {
        if isCurrent { return body() }
        _ = heapPadding
        return withoutActuallyEscaping(body) { body in
            var result: T?
            let box = Box { result = body() }
            if let thread = start(box) {
                pthread_join(thread, nil)
            } else {
                box.body()
            }
            return result!
        }
    }

    /// `body(index)` for every index in `0..<count`, in the returned array in index order
    /// whatever thread computed it (so the output does not depend on timing): on the calling
    /// thread and, when that is a `run` thread, on one more thread per further processor (at
    /// most `threads` in all), each with a `size` stack and the same depth limit. Each thread
    /// takes the next index not yet taken. `body` must not touch state another index's call
    /// changes. (swift-format and SwiftLint read files in parallel the same way.)
    package static func map<T>(_ count: Int, threads: Int = processors, _ body: (Int) -> T) -> [T] {
        let extra = isCurrent ? max(0, min(threads, count) - 1) : 0
        guard extra > 0 else { return (0..<count).map(body) }
        return withoutActuallyEscaping(body) { body in
            var results = [T?](repeating: nil, count: count)
            results.withUnsafeMutableBufferPointer { buffer in
                let slots = buffer
                let next = Counter()
                let work = Box {
                    while true {
                        let index = next.take()
                        if index >= count { return }
                        slots[index] = body(index)
                    }
                }
                var started: [pthread_t] = []
                for _ in 0..<extra {
                    if let thread = start(work) { started.append(thread) }
                }
                work.body()
                for thread in started { pthread_join(thread, nil) }
            }
            return results.map { $0! }
        }
    }

    /// glibc's malloc gives a thread other than the main one an arena that grows by `mprotect`
    /// one page at a time, trimmed back as soon as memory is freed: scaffolding the bench's
    /// 1,000 files on these threads made 43,870 `mprotect` calls, a quarter of its CPU time
    /// (scripts/bench-scaffold.sh). A 64 MiB top pad (address space, touched only as used)
    /// makes that a few dozen. Set once, before the first large-stack thread starts.
    private static let heapPadding: Void = {
        #if canImport(Glibc)
        // mallopt(M_TOP_PAD, ...) from <malloc.h>, which the Glibc module does not bring in.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let topPad: Int32 = -2  // M_TOP_PAD
        if let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") {
            _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, 64 << 20)
        }
        #endif
    }()

    /// The processors online (at least 1), for `map`'s threads.
    package static var processors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The next index of a `map`, taken under a lock by whichever thread asks.
    private final class Counter: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        private var value = 0
        init() { pthread_mutex_init(&mutex, nil) }
        deinit { pthread_mutex_destroy(&mutex) }
        func take() -> Int {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            value += 1
            return value - 1
        }
    }

    /// A thread with a `size` stack, marked as a `run` thread, running `box`'s body (nil when
    /// none can start: the caller then does the work itself).
    private static func start(_ box: Box) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, size) == 0 else { return nil }
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(box).toOpaque()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let box = Unmanaged<Box>.fromOpaque((context as UnsafeMutableRawPointer?)!).takeRetainedValue()
                pthread_setspecific(LargeStack.key, UnsafeRawPointer(bitPattern: 1))
                box.body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// The stack the calling thread may use for a scaffold: `size` on a `run` thread, else a
    /// conservative 8 MiB less what is in use (a test runner's or a library user's thread).
    package static var available: Int { isCurrent ? size : 4 << 20 }
}

extension Scaffolder {
    /// Stack bytes one level of syntax tree depth may take in the deepest recursion a scaffold
    /// makes (the parser's and visitors'), measured on debug builds, which take the most, with
    /// a margin: 40,000 chained modifiers (a tree about 80,000 deep) need about 400 MiB.
    static let stackPerLevel = 12 << 10

    /// The deepest syntax tree read on this thread; a deeper file is a warning and is skipped.
    static var depthLimit: Int { LargeStack.available / stackPerLevel }

    /// The depth of `tree` and, when it is deeper than `depthLimit`, a node at that depth (else
    /// the tree), counted without recursion. Counted on the raw tree, whose children cost no
    /// node to make (the walk over `Syntax` children was 8% of scaffold's instructions,
    /// scripts/bench-scaffold.sh); the deepest node is looked for only in a tree too deep.
    static func depth(of tree: some SyntaxProtocol) -> (depth: Int, deepest: Syntax) {
        var raw: [(RawSyntax, Int)] = [(tree.raw, 1)]
        var deepest = 1
        while let (node, depth) = raw.popLast() {
            if depth > deepest { deepest = depth }
            guard let layout = node.layoutView else { continue }
            for child in layout.children {
                if let child { raw.append((child, depth + 1)) }
            }
        }
        guard deepest > depthLimit else { return (deepest, Syntax(tree)) }
        var stack: [(Syntax, Int)] = [(Syntax(tree), 1)]
        var best = (depth: 1, deepest: Syntax(tree))
        while let (node, depth) = stack.popLast() {
            if depth > best.depth { best = (depth, node) }
            for child in node.children(viewMode: .all) { stack.append((child, depth + 1)) }
        }
        return best
    }
}

/// What swift-syntax's parser reads in time more than linear in the nesting: its lookahead
/// tries each `[` as a type and as an expression (time doubling with each level: 20 nested
/// `[`s took 35 s, 24 did not end), and re-reads nested `#if`s (1,000: 68 s). A lexical scan
/// before parsing finds the deepest of each, so such a file is a warning, never a hang.
struct NestingScan {
    /// The most `[` open at once that a file may have (real code: a few).
    static let bracketLimit = 12
    /// The most `#if` open at once (real code: a few).
    static let conditionLimit = 64

    var brackets = 0, bracketLine = 0
    var conditions = 0, conditionLine = 0

    /// Scans `text`: code, comments, string literals (their interpolations are code).
    init(_ text: String) {
        let bytes = Array(text.utf8)
        enum Open { case bracket, other, interpolation(multiline: Bool, hashes: Int) }
        var stack: [Open] = []
        var openBrackets = 0
        var openConditions = 0
        var line = 1
        var atLineStart = true
        var index = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
        func starts(_ text: String) -> Bool {
            var offset = 0
            for byte in text.utf8 {
                if at(offset) != byte { return false }
                offset += 1
            }
            return true
        }
        // Reads a string literal from its opening quote(s) to its end, or to an interpolation's
        // `\(` (then true: the scan goes on in code, and the `)` that closes it resumes here).
        func readString(multiline: Bool, hashes: Int) -> Bool {
            let close = multiline ? 3 : 1
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    if !multiline { index += 1; return false }
                }
                if byte == UInt8(ascii: "\\") {
                    var offset = 1
                    var matched = true
                    for _ in 0..<hashes {
                        if at(offset) != UInt8(ascii: "#") { matched = false; break }
                        offset += 1
                    }
                    if matched && at(offset) == UInt8(ascii: "(") {
                        index += offset + 1
                        stack.append(.interpolation(multiline: multiline, hashes: hashes))
                        return true
                    }
                    index += matched ? offset + 1 : 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    var offset = 0
                    while offset < close, at(offset) == UInt8(ascii: "\"") { offset += 1 }
                    if offset == close {
                        var hashCount = 0
                        while hashCount < hashes, at(offset + hashCount) == UInt8(ascii: "#") { hashCount += 1 }
                        if hashCount == hashes {
                            index += offset + hashCount
                            return false
                        }
                    }
                    index += max(offset, 1)
                    continue
                }
                index += 1
            }
            return false
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                atLineStart = true
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0d {
                index += 1
                continue
            }
            let lineStart = atLineStart
            atLineStart = false
            // (The first byte is compared before `starts`: this loop runs once per byte of every file.)
            let slash = byte == UInt8(ascii: "/")
            if slash, at(1) == UInt8(ascii: "/") {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if slash, at(1) == UInt8(ascii: "*") {
                var depth = 0
                while index < count {
                    let current = bytes[index]
                    if current == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
                    if current == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") { depth -= 1; index += 2; if depth == 0 { break }; continue }
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                continue
            }
            let pound = byte == UInt8(ascii: "#")
            if lineStart, pound, starts("#if"), !(at(3) >= UInt8(ascii: "a") && at(3) <= UInt8(ascii: "z")) {
                openConditions += 1
                if openConditions > conditions { conditions = openConditions; conditionLine = line }
                index += 3
                continue
            }
            if lineStart, pound, starts("#endif") {
                openConditions = max(0, openConditions - 1)
                index += 6
                continue
            }
            // A string literal: `"`, `"""`, `#"..."#`.
            var hashes = 0
            while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if at(hashes) == UInt8(ascii: "\"") {
                let multiline = at(hashes + 1) == UInt8(ascii: "\"") && at(hashes + 2) == UInt8(ascii: "\"")
                index += hashes + (multiline ? 3 : 1)
                _ = readString(multiline: multiline, hashes: hashes)
                continue
            }
            switch byte {
            case UInt8(ascii: "["):
                stack.append(.bracket)
                openBrackets += 1
                if openBrackets > brackets { brackets = openBrackets; bracketLine = line }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                stack.append(.other)
            case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"):
                switch stack.popLast() {
                case .bracket?: openBrackets -= 1
                case .interpolation(let multiline, let hashes)?:
                    index += 1
                    _ = readString(multiline: multiline, hashes: hashes)
                    continue
                default: break
                }
            default: break
            }
            index += 1
        }
    }
}
