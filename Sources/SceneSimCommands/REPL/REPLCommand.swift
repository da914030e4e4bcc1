import ArgumentParser

/// `scenesim repl [FILE]`: the interactive explorer (filled in by the REPL work).
struct REPLCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore interactively: a Lua prompt with the scenario API."
    )

    @Argument(help: ArgumentHelp("A scenario to run first.", valueName: "file"))
    var file: String?

    @OptionGroup var flags: ScenarioFlags

    mutating func runWithStatus() throws -> Int32 {
        Output.error("scenesim repl: not available in this build yet\n")
        return 2
    }
}
