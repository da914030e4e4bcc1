import GoldenRunner
import SceneSimScripting

/// What one `scenesim explore` invocation does, from its flags.
struct ExplorePlan {
    enum Budget {
        case runs(Int)
        case time(seconds: Double)
        /// One run, as a failure report's replay command asks.
        case replay(run: Int)
    }

    var file: String
    var seed: UInt64
    var budget: Budget
    var steps: Int
    var jobs: Int
    var shard: Shard?
    var out: String
    var shrink: Bool
    var stats: Bool
    /// Each run's limits (its seed is the run's own, not `options.seed`).
    var options: ScenarioOptions

    /// `explore: seed=N runs=N steps=N jobs=N`: the first line, so a seed is never hidden.
    var header: String {
        let amount = switch budget {
        case .runs(let runs): "runs=\(runs)"
        case .time(let seconds): "time=\(Self.number(seconds))s"
        case .replay(let run): "replay=\(seed):\(run)"
        }
        let shardText = shard.map { " shard=\($0.index)/\($0.count)" } ?? ""
        return "explore: seed=\(seed) \(amount) steps=\(steps) jobs=\(jobs)\(shardText)"
    }

    /// The command that explores the same way again.
    var command: String {
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
    func replayCommand(run: Int) -> String {
        "scenesim explore \(ShellQuoting.quote(file)) --steps \(steps) --replay \(seed):\(run)"
    }

    /// Whether run `index` is this shard's.
    func owns(_ index: Int) -> Bool {
        guard let shard else { return true }
        return index % shard.count == shard.index - 1
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
