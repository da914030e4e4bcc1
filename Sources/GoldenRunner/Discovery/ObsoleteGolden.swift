/// A golden file whose scenario no longer exists, found by a run over whole directories.
struct ObsoleteGolden: Sendable, Hashable {
    /// The golden as displayed, e.g. `scenarios/old.golden`.
    var path: String
    /// The golden's absolute path.
    var absolutePath: String
    /// Whether this is a `.golden.new` left for review rather than an accepted golden.
    var isReview: Bool
    /// The golden relative to its suite's root, as shown (what its scenario's name came from).
    var suitePath: String

    /// The scenario file that is missing, as displayed.
    var scenarioPath: String { stem + ".lua" }

    /// The name the scenario had (relative to the suite's root, as scenarios are named).
    var name: String { Self.stem(of: suitePath, isReview: isReview) }

    private var stem: String { Self.stem(of: path, isReview: isReview) }

    private static func stem(of path: String, isReview: Bool) -> String {
        String(path.dropLast(isReview ? ".golden.new".count : ".golden".count))
    }
}
