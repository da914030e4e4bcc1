/// Paths of Lua modules and the folders they are found in, by components and without reading a
/// file (beside `ContainedFile`, which reads): how `require`'s module folder is shown, and how
/// `sim.explore.load` and the explore command name a module.
package enum ModulePath {
    /// `path` joined to `directory` when relative, with `.` and `..` components folded, so
    /// `scenarios/found/../explore/docs.lua` names the module as `scenarios/explore/docs.lua`
    /// and messages from it read the same as under `scenesim explore`.
    package static func resolve(_ path: String, from directory: String?) -> String {
        let joined = path.hasPrefix("/") || directory == nil || directory == "" ? path : directory! + "/" + path
        return normalize(joined)
    }

    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute, parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        // A loop, not `joined(separator:)`: resolving that generic's types at run time
        // looked up conformances, a scan of the binary's whole table, on every `scenesim run`.
        var body = ""
        for part in parts {
            if !body.isEmpty { body += "/" }
            body += part
        }
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// `path` made absolute from `currentDirectory`, with `.` and `..` folded.
    package static func absolute(_ path: String, currentDirectory: String) -> String {
        normalize(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
    }

    /// Whether the absolute `path` lies inside the absolute folder `folder`, by components:
    /// no file is read, so the answer tells nothing about what exists.
    package static func contains(_ folder: String, _ path: String) -> Bool {
        let folderParts = normalize(folder).split(separator: "/")
        let parts = normalize(path).split(separator: "/")
        return folder.hasPrefix("/") && path.hasPrefix("/") && parts.count > folderParts.count && parts.starts(with: folderParts)
    }

    /// `target` as a path relative to the folder `from` (both relative to the same directory,
    /// or both absolute): what a found scenario in `from` passes to `sim.explore.load`.
    package static func relative(_ target: String, from: String) -> String {
        let to = normalize(target).split(separator: "/").map(String.init)
        let base = normalize(from).split(separator: "/").map(String.init).filter { $0 != "." }
        var common = 0
        while common < min(to.count, base.count), to[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }
}
