import SceneSimScripting
import Synchronization

/// The Swift models of this executable (`SceneSimCommand.main(arguments:models:)`), for every
/// command that runs scenarios. ArgumentParser makes the commands from the arguments alone, so
/// the registry reaches them here, set once before parsing.
///
/// Being process-wide, it belongs to one command at a time: `running` holds it for a command's
/// whole run, so two commands started in one process (tests do that) never see each other's
/// models.
enum RegisteredModels {
    private static let registry = Mutex(ModelRegistry())
    private static let command = Mutex(())

    static var current: ModelRegistry {
        registry.withLock { $0 }
    }

    /// Runs `body` with `models` registered, one command at a time per process.
    static func running<T>(with models: ModelRegistry, _ body: () -> T) -> T {
        command.withLock { _ in
            registry.withLock { $0 = models }
            defer { registry.withLock { $0 = ModelRegistry() } }
            return body()
        }
    }
}
