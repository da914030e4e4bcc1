import ArgumentParser
import SceneSimScripting

/// A command line of the plainest form — words, and long options each given once as `--name
/// value`, `--name=value` or a bare `--flag` — read without ArgumentParser.
///
/// Why: ArgumentParser reads a command's declaration by reflection and decodes it through
/// `Decodable`, and every `as?` to a protocol on the way (dozens per command line) makes the
/// Swift runtime scan the binary's whole table of protocol conformances, which swift-syntax
/// and Foundation make long: 70% of `scenesim run empty.lua`'s instructions went there, so
/// each start cost several times what `lua5.4` takes (scripts/bench-lua.sh measures both).
/// `scenesim run` and `scenesim repl`, which editors and scripts start once per file, read
/// such a line here and skip the parser.
///
/// It only ever accepts what ArgumentParser reads the same way, and declines everything else:
/// a short or unknown option, a repeated one, a value that starts with `-` or does not parse,
/// `--`, a command whose validation fails. Declined lines (help, every usage error, the rarer
/// spellings) go to ArgumentParser as before, so they behave, and read, exactly as they did;
/// DirectParseTests holds the two readings of the same lines against each other.
struct PlainCommandLine {
    /// The words that are no option, in order.
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The option names read so far, to check that a command's reading took every one given.
    private var taken: Set<String> = []
    /// False once a value did not parse as its option's type.
    private var parsed = true

    /// Reads `words` (the words after the subcommand's name) with these long option names
    /// (without `--`) taking a value and these flag names taking none; nil for a line outside
    /// the plain form.
    init?(_ words: ArraySlice<String>, options: Set<String>, flags flagNames: Set<String>) {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            guard word.hasPrefix("--") else { return nil }
            let body = word.dropFirst(2)
            let name: String, attached: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                attached = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                attached = nil
            }
            guard !values.keys.contains(name), !flags.contains(name) else { return nil }
            if flagNames.contains(name) {
                guard attached == nil else { return nil }
                flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let attached {
                    value = attached
                } else {
                    guard index < words.endIndex else { return nil }
                    value = words[index]
                    index += 1
                }
                // ArgumentParser reads `--seed -1` and `--seed=-1` by each option's parsing
                // strategy; left to it.
                guard !value.hasPrefix("-") else { return nil }
                values[name] = value
            } else {
                return nil
            }
        }
    }

    /// The value of `--name`, parsed as ArgumentParser parses it; `initial` when not given.
    mutating func option<Value: ExpressibleByArgument>(_ name: String, initial: Value) -> Value {
        option(name) ?? initial
    }

    /// The value of `--name`, parsed as ArgumentParser parses it; nil when not given.
    mutating func option<Value: ExpressibleByArgument>(_ name: String) -> Value? {
        taken.insert(name)
        guard let text = values[name] else { return nil }
        guard let value = Value(argument: text) else {
            parsed = false
            return nil
        }
        return value
    }

    /// Whether `--name` was given.
    mutating func flag(_ name: String) -> Bool {
        taken.insert(name)
        return flags.contains(name)
    }

    /// Whether every value parsed and every option and flag given was read.
    var isComplete: Bool {
        parsed && values.keys.allSatisfy(taken.contains) && flags.allSatisfy(taken.contains)
    }
}

/// The commands read from a plain command line; nil for every other line (ArgumentParser reads it).
enum DirectParse: Equatable {
    case run(RunInvocation)
    case repl(REPLInvocation)

    init?(_ arguments: [String]) {
        guard let name = arguments.first else { return nil }
        let words = arguments.dropFirst()
        if name == RunCommand.configuration.commandName, let run = RunInvocation(plain: words) {
            self = .run(run)
        } else if name == REPLCommand.configuration.commandName, let repl = REPLInvocation(plain: words) {
            self = .repl(repl)
        } else {
            return nil
        }
    }

    func run() -> Int32 {
        switch self {
        case .run(let run): run.run()
        case .repl(let repl): repl.run()
        }
    }
}

extension ScenarioSettings {
    static let optionNames: Set<String> = ["seed", "max-instructions", "max-memory"]
    static let flagNames: Set<String> = ["allow-io"]

    /// The flags as ArgumentParser would decode them from `line` (each default when not given).
    init(plain line: inout PlainCommandLine) {
        let defaults = Self.defaults
        self.init(
            seed: line.option("seed", initial: defaults.seed),
            maxInstructions: line.option("max-instructions", initial: defaults.maxInstructions),
            maxMemory: line.option("max-memory", initial: defaults.maxMemory),
            allowIO: line.flag("allow-io")
        )
    }
}

extension RunInvocation {
    /// `run FILE` with plain options, as ArgumentParser would decode and validate it; nil
    /// for any other line.
    init?(plain words: ArraySlice<String>) {
        let options = ScenarioSettings.optionNames.union(["trace", "platform", "timeline", "timeline-axis"])
        guard var line = PlainCommandLine(words, options: options, flags: ScenarioSettings.flagNames),
            line.positionals.count == 1
        else { return nil }
        self.init(
            file: line.positionals[0],
            settings: ScenarioSettings(plain: &line),
            trace: line.option("trace", initial: TraceFlag.defaultFormat),
            platform: line.option("platform"),
            timeline: line.option("timeline"),
            timelineAxis: line.option("timeline-axis", initial: Self.defaultTimelineAxis)
        )
        guard line.isComplete, (try? settings.validate()) != nil, (try? validate()) != nil else { return nil }
    }
}

extension REPLInvocation {
    /// `repl [FILE]` with plain options, as ArgumentParser would decode and validate it; nil
    /// for any other line.
    init?(plain words: ArraySlice<String>) {
        let options = ScenarioSettings.optionNames.union(["trace"])
        guard var line = PlainCommandLine(words, options: options, flags: ScenarioSettings.flagNames),
            line.positionals.count <= 1
        else { return nil }
        self.init(
            file: line.positionals.first,
            settings: ScenarioSettings(plain: &line),
            trace: line.option("trace", initial: TraceFlag.defaultFormat)
        )
        guard line.isComplete, (try? settings.validate()) != nil, (try? validate()) != nil else { return nil }
    }
}
