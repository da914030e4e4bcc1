import ByteText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Scaffolder {
    /// What scaffold reads under the paths: the `.swift` files, and the project files that hold
    /// facts the source cannot say (`Info.plist`, `*.xcodeproj/project.pbxproj`).
    package struct Inputs: Sendable {
        package var sources: [Source] = []
        package var projectFiles: [Source] = []
    }

    /// The `.swift` files under `paths` (files as given, folders searched recursively, skipping
    /// hidden folders and `.build`), sorted, each named relative to the first path (a folder;
    /// for a file, its folder). Throws for a path that does not exist.
    package static func sources(under paths: [String]) throws(ScaffoldError) -> [Source] {
        try inputs(under: paths).sources
    }

    /// The `.swift` and project files under `paths`, as `sources(under:)` finds them. Names are
    /// read as bytes: a file whose name is not UTF-8 is read like any other, and every name is
    /// shown with the project's one escaper (`ByteString.displayed`: a control byte or a byte
    /// that is not UTF-8 reads `\ddd`), so no name writes a control sequence to the terminal
    /// or a line break into the generated module.
    package static func inputs(under paths: [String]) throws(ScaffoldError) -> Inputs {
        guard let first = paths.first else { throw ScaffoldError("give the app's source folder or files, e.g. scenesim scaffold Sources/MyApp") }
        let current = currentDirectory()
        guard let firstKind = kind(of: Array(first.utf8)) else { throw ScaffoldError("\(shown(first)): no such file or folder") }
        var base = absolute(Array(first.utf8), in: current)
        if firstKind != .folder { base = parent(of: base) }
        var files: [[UInt8]] = []
        var folders: Set<[UInt8]> = []
        for path in paths {
            let bytes = Array(path.utf8)
            guard let kind = kind(of: bytes) else { throw ScaffoldError("\(shown(path)): no such file or folder") }
            if kind == .folder {
                try collect(absolute(bytes, in: current), base: base, into: &files, visited: &folders)
            } else {
                guard path.hasSuffix(".swift") || isProjectFile(bytes) else {
                    throw ScaffoldError("\(shown(path)): not a .swift file; give the app's source folders or .swift files")
                }
                files.append(absolute(bytes, in: current))
            }
        }
        // A file met twice (two paths, or a symlink to it) is read once.
        var seen: Set<[UInt8]> = []
        var inputs = Inputs()
        for file in files.sorted(by: { $0.lexicographicallyPrecedes($1) }) where seen.insert(realPath(file)).inserted {
            let name = ByteString.displayed(relativePath(file, from: base))
            let data: [UInt8]
            switch read(file) {
            case .success(let bytes): data = bytes
            case .failure(let reason): throw ScaffoldError("\(name): cannot be read: \(reason.message)")
            }
            let source = Source(path: name, text: String(decoding: data, as: UTF8.self))
            if hasSuffix(file, ".swift") { inputs.sources.append(source) } else { inputs.projectFiles.append(source) }
        }
        return inputs
    }

    /// `Info.plist` (or `*-Info.plist`), and `project.pbxproj` inside a `.xcodeproj` folder.
    static func isProjectFile(_ path: [UInt8]) -> Bool {
        let name = path.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? path
        if hasSuffix(name, "Info.plist") { return true }
        return name == Array("project.pbxproj".utf8) && hasSuffix(parent(of: path), ".xcodeproj")
    }

    private static func hasSuffix(_ bytes: [UInt8], _ suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return bytes.count >= tail.count && Array(bytes[(bytes.count - tail.count)...]) == tail
    }

    /// `text` (a path typed by the user) as the escaper shows it.
    package static func shown(_ text: String) -> String { ByteString.displayed(Array(text.utf8)) }

    /// The `.swift` and project files under `folder`, recursively, skipping hidden names and
    /// `.build*`. A folder met again through a symlink (a loop: `up -> ..`) is not listed
    /// again. A folder that cannot be listed stops the scaffold: its scenes would be missing
    /// from the model.
    private static func collect(_ folder: [UInt8], base: [UInt8], into files: inout [[UInt8]], visited: inout Set<[UInt8]>) throws(ScaffoldError) {
        guard visited.insert(realPath(folder)).inserted else { return }
        guard let names = list(folder) else {
            let name = folder == base ? "." : ByteString.displayed(relativePath(folder, from: base))
            throw ScaffoldError("\(name): cannot be read: \(String(cString: strerror(errno)))")
        }
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) where name.first != UInt8(ascii: ".") {
            let path = folder == [UInt8(ascii: "/")] ? folder + name : folder + [UInt8(ascii: "/")] + name
            switch kind(of: path) {
            case .folder?: try collect(path, base: base, into: &files, visited: &visited)
            case .file?: if hasSuffix(name, ".swift") || isProjectFile(path) { files.append(path) }
            case nil: continue
            }
        }
    }

    private enum Kind { case folder, file }

    /// What `path` is, following symlinks; nil when nothing is there.
    private static func kind(of path: [UInt8]) -> Kind? {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    /// The names in `folder` as bytes (without `.` and `..`); nil when it cannot be listed.
    private static func list(_ folder: [UInt8]) -> [[UInt8]]? {
        guard let directory = withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names
    }

    struct ReadFailure: Error { var message: String }

    /// The bytes of the regular file at `path`, or why they cannot be read.
    private static func read(_ path: [UInt8]) -> Result<[UInt8], ReadFailure> {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return .failure(.init(message: String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(.init(message: withCString(path, { access($0, R_OK) }) != 0 ? String(cString: strerror(errno)) : "not a regular file"))
        }
        let descriptor = withCString(path) { open($0, O_RDONLY) }
        guard descriptor >= 0 else { return .failure(.init(message: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.init(message: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return .success(bytes)
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func withCString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    private static func currentDirectory() -> [UInt8] {
        guard let cwd = getcwd(nil, 0) else { return [UInt8(ascii: "/")] }
        defer { free(cwd) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(cwd).assumingMemoryBound(to: UInt8.self), count: strlen(cwd)))
    }

    /// `path` with every symlink resolved (itself when that fails).
    private static func realPath(_ path: [UInt8]) -> [UInt8] {
        guard let resolved = withCString(path, { realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// `path` made absolute against `current`, with `.` and `..` resolved.
    static func absolute(_ path: [UInt8], in current: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        var parts: [ArraySlice<UInt8>] = []
        for part in ((path.first == slash ? path : current + [slash] + path).split(separator: slash)) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return [slash] + Array(parts.joined(separator: [slash]))
    }

    private static func parent(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")), slash != 0 else { return [UInt8(ascii: "/")] }
        return Array(path[..<slash])
    }

    /// `file` (absolute) relative to the folder `base` (absolute), with `..` where needed.
    static func relativePath(_ file: [UInt8], from base: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let target = file.split(separator: slash).map(Array.init)
        let from = base.split(separator: slash).map(Array.init)
        var common = 0
        while common < min(target.count - 1, from.count), target[common] == from[common] { common += 1 }
        return Array((Array(repeating: Array("..".utf8), count: from.count - common) + target[common...]).joined(separator: [slash]))
    }
}
