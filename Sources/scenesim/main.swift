import SceneSimCommands
#if canImport(Glibc)
import Glibc
#endif

exit(SceneSimCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
