/// What to make of one scenario's output against its golden, and which files to touch.
///
/// Pure: it reads nothing and writes nothing, so every branch of the review workflow is
/// tested without a file system; the runner performs the returned actions.
struct GoldenDecision: Sendable, Hashable {
    enum Verdict: Sendable, Hashable {
        case passed
        /// The golden exists and differs.
        case mismatched
        /// There is no golden yet.
        case missingGolden
        /// `--update` wrote the golden; `created` when there was none before.
        case updated(created: Bool)
    }

    enum Action: Sendable, Hashable {
        /// Atomically replace `NAME.golden` with the actual output.
        case writeGolden
        /// Write the actual output to `NAME.golden.new` for review.
        case writeReview
        /// Remove a `NAME.golden.new` that is now stale.
        case removeReview
    }

    var verdict: Verdict
    var actions: [Action]

    /// Decides from the actual bytes, the golden's bytes (nil when missing; compared byte for
    /// byte, never as Unicode text), whether a review file
    /// exists beside it, and the mode.
    static func decide(actual: [UInt8], golden: [UInt8]?, reviewExists: Bool, mode: GoldenMode) -> Self {
        let cleanup: [Action] = reviewExists ? [.removeReview] : []
        switch (mode, golden) {
        case (.check, let golden?):
            return .init(verdict: golden == actual ? .passed : .mismatched, actions: [])
        case (.check, nil):
            return .init(verdict: .missingGolden, actions: [])
        case (.review, let golden?) where golden == actual, (.update, let golden?) where golden == actual:
            return .init(verdict: .passed, actions: cleanup)
        case (.review, .some):
            return .init(verdict: .mismatched, actions: [.writeReview])
        case (.review, nil):
            return .init(verdict: .missingGolden, actions: [.writeReview])
        case (.update, let golden):
            return .init(verdict: .updated(created: golden == nil), actions: [.writeGolden] + cleanup)
        }
    }
}
