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

    /// Levenshtein distance over bytes, in two rows.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
