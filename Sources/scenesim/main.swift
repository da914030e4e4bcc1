import SceneSimCommands
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(SceneSimCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
