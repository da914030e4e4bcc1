import ByteText

/// The scenario names closest to what the user typed, for a `--filter` that matched nothing.
enum NearestNames {
    /// Up to `limit` names, nearest first (ties in byte order); a name is as near as the closer
    /// of its whole self and its last component, so `cold-lunch` finds `phases/cold-launch`.
    static func nearest(to typed: String, in names: [String], limit: Int = 3) -> [String] {
        let typed = Array(typed.utf8)
        let ranked = names.map { name in
            let last = name.split(separator: "/").last.map(String.init) ?? name
            return (name, min(distance(typed, Array(name.utf8)), distance(typed, Array(last.utf8))))
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            .prefix(limit).map(\.0)
    }

    /// The whole edit distance (the bound is never reached), from the project's one edit distance.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        EditDistance.distance(a, b, bound: max(a.count, b.count))!
    }
}
