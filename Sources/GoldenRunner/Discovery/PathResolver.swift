/// Turns paths as typed into absolute paths, and absolute paths into the form displayed.
///
/// Purely lexical (no symlink resolution, no file system access), so `./x`, `x` and
/// `/base/x` all display as `x`, the same on every machine.
struct PathResolver: Sendable {
    /// The base directory, absolute and normalised.
    let base: String

    init(baseDirectory: String) {
        base = PathResolver.normalise(baseDirectory)
    }

    func absolute(_ path: String) -> String {
        PathResolver.normalise(path.hasPrefix("/") ? path : base + "/" + path)
    }

    func display(_ absolutePath: String) -> String {
        if absolutePath == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }

    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
