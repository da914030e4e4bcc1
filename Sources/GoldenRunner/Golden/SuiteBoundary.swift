#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a suite's own files must resolve inside (issue 43).
///
/// git commits symlinks, so a pull request can carry a golden linked to `/proc/self/environ`, a
/// `NAME.golden.new` linked to a file anywhere, or a folder linked out of the checkout. What the
/// user typed on the command line is the user's choice and is followed wherever it leads; what
/// the suite supplies (its folders, scenarios, goldens and review files) must resolve inside
/// the suite's real path, be a regular file, and is read within `GoldenFiles.maxFileSize`.
struct SuiteBoundary: Sendable, Hashable {
    /// The folder's real path (every symlink resolved).
    var realPath: String
    /// The folder as messages show it (control bytes escaped).
    var shownPath: String

    /// The boundary of a run started at `typed` (a folder the user named, or a named file's
    /// folder) whose suite root is `root` (at or above `typed`): the root's real path, unless
    /// what the user typed leads elsewhere through a link, which is then the user's choice and
    /// its real path the boundary. A path that cannot be resolved keeps its text, so nothing
    /// through a link is let in (fails closed).
    static func enclosing(_ typed: String, root: String, resolver: PathResolver) -> SuiteBoundary {
        let rootReal = SuiteBoundary.realPath(of: root) ?? root
        let typedReal = SuiteBoundary.realPath(of: typed) ?? typed
        let rootBoundary = SuiteBoundary(realPath: rootReal, shownPath: shown(resolver.display(root)))
        guard rootBoundary.contains(typedReal) else {
            return SuiteBoundary(realPath: typedReal, shownPath: shown(resolver.display(typed)))
        }
        return rootBoundary
    }

    /// Whether the real path `path` is this folder or lies inside it, by whole components.
    func contains(_ path: String) -> Bool {
        realPath == "/" || path == realPath || path.hasPrefix(realPath + "/")
    }

    /// Whether `path` resolves inside the boundary and names the very file `info` describes
    /// (what `fstat` said of a descriptor already open): a link changed between the open and
    /// this look cannot pass, since the path then resolves to another file.
    func holds(_ path: String, opened info: stat) -> Bool {
        guard let real = SuiteBoundary.realPath(of: path), contains(real) else { return false }
        var now = stat()
        return stat(real, &now) == 0 && now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }

    /// realpath(3): the path with every symlink, `.` and `..` resolved; nil with errno set.
    static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
