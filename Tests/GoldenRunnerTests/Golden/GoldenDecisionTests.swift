@testable import GoldenRunner
import Testing

@Suite("Deciding a verdict and the file actions")
struct GoldenDecisionTests {
    typealias Decision = GoldenDecision

    static let cases: [(golden: String?, review: Bool, mode: GoldenMode, expected: Decision)] = [
        ("same", false, .review, .init(verdict: .passed, actions: [])),
        ("same", true, .review, .init(verdict: .passed, actions: [.removeReview])),
        ("other", true, .review, .init(verdict: .mismatched, actions: [.writeReview])),
        (nil, false, .review, .init(verdict: .missingGolden, actions: [.writeReview])),
        ("same", true, .update, .init(verdict: .passed, actions: [.removeReview])),
        ("other", true, .update, .init(verdict: .updated(created: false), actions: [.writeGolden, .removeReview])),
        (nil, false, .update, .init(verdict: .updated(created: true), actions: [.writeGolden])),
        ("same", true, .check, .init(verdict: .passed, actions: [])),
        ("other", true, .check, .init(verdict: .mismatched, actions: [])),
        (nil, false, .check, .init(verdict: .missingGolden, actions: [])),
    ]

    @Test("Each mode and golden state gives one verdict and only the writes that mode allows", arguments: cases)
    func decide(golden: String?, review: Bool, mode: GoldenMode, expected: Decision) {
        #expect(Decision.decide(actual: Array("same".utf8), golden: golden.map { Array($0.utf8) }, reviewExists: review, mode: mode) == expected)
    }
}
