/// How a run treats golden files: the review workflow's three modes.
package enum GoldenMode: Sendable, Hashable {
    /// Local default: a mismatch fails and writes `NAME.golden.new` for review.
    case review
    /// `--update`: accept the actual output as the new golden.
    case update
    /// `--check` or `CI` set: never write anything; a missing golden fails.
    case check
}
