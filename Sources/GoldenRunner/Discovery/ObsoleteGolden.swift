/// A golden file whose scenario no longer exists, found by a run over whole directories.
struct ObsoleteGolden: Sendable, Hashable {
    /// The golden as displayed, e.g. `scenarios/old.golden`.
    var path: String
    /// The golden's absolute path.
    var absolutePath: String
    /// Whether this is a `.golden.new` left for review rather than an accepted golden.
    var isReview: Bool

    /// The scenario file that is missing, as displayed.
    var scenarioPath: String { stem + ".lua" }

    /// The name the scenario had.
    var name: String { Scenario.name(forDisplayPath: scenarioPath) }

    private var stem: String {
        String(path.dropLast(isReview ? ".golden.new".count : ".golden".count))
    }
}
