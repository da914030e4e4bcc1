/// One line of the verdict a run keeps for its summary and its JUnit report.
struct CaseRecord: Sendable, Hashable {
    /// Why a case failed: its kind, a one-line message and the full text (diff and advice).
    struct Failure: Sendable, Hashable {
        enum Kind: String, Sendable, Hashable {
            /// The scenario ended in an error it did not declare (`error at file:line`).
            case error
            /// It declared `-- expect: error` but ran to its end.
            case unexpectedSuccess = "unexpected-success"
            /// Its output differs from its golden.
            case mismatch
            /// It has no golden yet.
            case missingGolden = "missing-golden"
            /// It ran past `--timeout`.
            case timeout
            /// Its file, its header or its golden could not be read, or the golden not written.
            case file
            /// A golden without its scenario.
            case obsolete
        }

        var kind: Kind
        var message: String
        var details: String
    }

    /// The scenario's name, e.g. `phases/cold-launch`.
    var name: String
    /// The scenario file as displayed, e.g. `scenarios/phases/cold-launch.lua`.
    var file: String?
    /// How long the scenario ran; nil when it did not run.
    var time: Duration?
    var failure: Failure?

    /// The JUnit class: `scenesim` plus the name's folders, e.g. `scenesim.phases`, so CI
    /// dashboards group scenarios by folder.
    var classname: String {
        (["scenesim"] + name.split(separator: "/").dropLast().map(String.init)).joined(separator: ".")
    }
}
