extension TestCommand {
    /// `scenesim test -j4` (and `explore -j4`) as `-j 4`, the spelling make and most test runners accept, which
    /// ArgumentParser would otherwise read as a cluster of short flags and reject.
    static func splittingAttachedJobs(_ arguments: [String]) -> [String] {
        guard arguments.first == configuration.commandName || arguments.first == ExploreCommand.configuration.commandName else { return arguments }
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            // After `--`, everything is a path, even one spelled `-j4`.
            if argument == "--" {
                return result + arguments[index...]
            }
            if argument.hasPrefix("-j"), argument.count > 2, argument.dropFirst(2).allSatisfy(\.isASCII), Int(argument.dropFirst(2)) != nil {
                result += ["-j", String(argument.dropFirst(2))]
            } else {
                result.append(argument)
            }
        }
        return result
    }
}
