/// The folder chunk names are relative to, so goldens are the same from any directory.
///
/// The suite root of a scenario is the nearest folder at or above it named `scenarios` (the
/// conventional name, also stripped from scenario names); failing that, the folder named on the
/// command line (for a file, its folder). So `scenesim test`, `scenesim test scenarios/errors`,
/// `scenesim test /abs/path/scenarios` and `cd scenarios && scenesim test .` all give
/// `errors/config.lua:4:`, and a copy of the suite under another name passes when run whole.
enum SuiteRoot {
    static let conventionalName = "scenarios"

    /// The nearest folder at or above `absolute` (a normalised absolute path) named `scenarios`.
    static func nearestNamed(above absolute: String) -> String? {
        var path = Substring(absolute)
        while !path.isEmpty, path != "/" {
            if path.split(separator: "/").last == Substring(conventionalName) { return String(path) }
            guard let slash = path.lastIndex(of: "/") else { return nil }
            path = path[..<slash]
        }
        return nil
    }

    /// `absolute` relative to `root` (a folder at or above it).
    static func relative(_ absolute: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
