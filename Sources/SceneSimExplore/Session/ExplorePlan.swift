import GoldenRunner
import SceneSimScripting

/// What one `scenesim explore` invocation does, from its flags.
package struct ExplorePlan {
    package enum Budget {
        case runs(Int)
        case time(seconds: Double)
        /// One run, as a failure report's replay command asks.
        case replay(run: Int)
    }

    package var file: String
    package var seed: UInt64
    package var budget: Budget
    package var steps: Int
    package var jobs: Int
    package var shard: Shard?
    package var out: String
    package var shrink: Bool
    package var stats: Bool
    /// Each run's limits (its seed is the run's own, not `options.seed`).
    package var options: ScenarioOptions

    package init(
        file: String, seed: UInt64, budget: Budget, steps: Int, jobs: Int, shard: Shard?, out: String, shrink: Bool, stats: Bool,
        options: ScenarioOptions
    ) {
        self.file = file
        self.seed = seed
        self.budget = budget
        self.steps = steps
        self.jobs = jobs
        self.shard = shard
        self.out = out
        self.shrink = shrink
        self.stats = stats
        self.options = options
    }

    /// `explore: seed=N runs=N steps=N jobs=N`: the first line, so a seed is never hidden.
    package var header: String {
        let amount =
            switch budget {
            case .runs(let runs): "runs=\(runs)"
            case .time(let seconds): "time=\(Self.number(seconds))s"
            case .replay(let run): "replay=\(seed):\(run)"
            }
        let shardText = shard.map { " shard=\($0.index)/\($0.count)" } ?? ""
        return "explore: seed=\(seed) \(amount) steps=\(steps) jobs=\(jobs)\(shardText)"
    }

    /// The command that explores the same way again.
    package var command: String {
        var words = ["scenesim", "explore", ShellQuoting.quote(file), "--seed", "\(seed)"]
        switch budget {
        case .runs(let runs): words += ["--runs", "\(runs)"]
        case .time(let seconds): words += ["--time", Self.number(seconds)]
        case .replay(let run): words += ["--replay", "\(seed):\(run)"]
        }
        words += ["--steps", "\(steps)"]
        if let shard { words += ["--shard", "\(shard.index)/\(shard.count)"] }
        return words.joined(separator: " ")
    }

    /// The command that replays run `run` unshrunk.
    package func replayCommand(run: Int) -> String {
        "scenesim explore \(ShellQuoting.quote(file)) --steps \(steps) --replay \(seed):\(run)"
    }

    /// Whether run `index` is this shard's.
    package func owns(_ index: Int) -> Bool {
        guard let shard else { return true }
        return index % shard.count == shard.index - 1
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
