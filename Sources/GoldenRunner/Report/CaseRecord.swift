/// One line of the verdict a run keeps for its summary and its JUnit report.
struct CaseRecord: Sendable, Hashable {
    /// Why a case failed: a one-line message and the full text (diff and accept command).
    struct Failure: Sendable, Hashable {
        var message: String
        var details: String
    }

    /// The scenario's name, e.g. `phases/cold-launch`.
    var name: String
    var failure: Failure?

    /// The JUnit class: `scenesim` plus the name's folders, e.g. `scenesim.phases`, so CI
    /// dashboards group scenarios by folder.
    var classname: String {
        (["scenesim"] + name.split(separator: "/").dropLast().map(String.init)).joined(separator: ".")
    }
}
