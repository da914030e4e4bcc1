#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `scenesim test --review` and `--accept`: the review files a run wrote (`NAME.golden.new`),
/// walked one by one as `cargo insta review` walks pending snapshots — each diff against its
/// golden, then accept (it becomes the golden), reject (it is removed) or skip (it stays) —
/// or accepted all at once. Nothing runs: what is reviewed is what the last run wrote.
extension GoldenSuite {
    /// What a review does with each pending file; `interactive` nil: accept every one.
    package static func review(
        _ configuration: Configuration,
        interactive answer: ((String) -> String?)?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ExitStatus {
        // A review writes goldens: never where CI is set or --check asked for none.
        if RunPlan.isSet(environment["CI"]) || configuration.check {
            errorOutput(
                "error: \(answer == nil ? "--accept" : "--review") writes goldens, which never happens in check mode (\(configuration.check ? "--check" : "CI is set")); review where CI is not set\n"
            )
            return .error
        }
        let plan: RunPlan
        do {
            var plain = configuration
            plain.update = false
            plan = try RunPlan(plain, environment: [:], clock: .monotonic)
        } catch {
            errorOutput(error.description + "\n")
            return .error
        }
        let pending = plan.scenarios.filter { $0.reviewURL.path.isExistingFile }
        guard !pending.isEmpty else {
            output("nothing to review: no \(configuration.commandName) run left a .golden.new file for these scenarios\n")
            return .passed
        }
        var (accepted, rejected, skipped) = (0, 0, 0)
        var failed = false
        for (position, scenario) in pending.enumerated() {
            let review = scenario.reviewURL.path
            let reviewDisplay = shown(scenario.goldenPath + ".new")
            let new: [UInt8]
            let old: [UInt8]?
            do {
                guard let bytes = try GoldenFiles.read(review, displayedAs: reviewDisplay, within: scenario.suite) else { continue }
                new = bytes
                old = try GoldenFiles.read(scenario.goldenURL.path, displayedAs: scenario.shownGoldenPath, within: scenario.suite)
            } catch {
                errorOutput(error.description + "\n")
                failed = true
                continue
            }
            var choice = "a"
            if let answer {
                output("REVIEW \(position + 1)/\(pending.count): \(scenario.name)" + (old == nil ? " (new golden)" : "") + "\n")
                output(UnifiedDiff.render(old: old ?? [], new: new, oldLabel: scenario.shownGoldenPath, newLabel: reviewDisplay))
                var reply: String?
                repeat {
                    reply = answer("accept, reject or skip? [a/r/s, q to stop] ")?.trimmingBlanks().lowercased()
                } while reply.map { !["a", "r", "s", "q", "accept", "reject", "skip", "quit"].contains($0) } ?? false
                guard let reply, reply != "q", reply != "quit" else {
                    skipped += pending.count - position
                    break
                }
                choice = String(reply.prefix(1))
            }
            do {
                switch choice {
                case "a":
                    try GoldenFiles.writeAtomically(new, to: scenario.goldenURL.path, displayedAs: scenario.shownGoldenPath, within: scenario.suite)
                    try GoldenFiles.remove(review, displayedAs: reviewDisplay)
                    accepted += 1
                    output("ACCEPTED: \(scenario.name)\n")
                case "r":
                    try GoldenFiles.remove(review, displayedAs: reviewDisplay)
                    rejected += 1
                    output("REJECTED: \(scenario.name)\n")
                default:
                    skipped += 1
                }
            } catch {
                errorOutput(error.description + "\n")
                failed = true
            }
        }
        output("\(accepted) accepted, \(rejected) rejected, \(skipped) skipped\n")
        return failed ? .error : .passed
    }
}
