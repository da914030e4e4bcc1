import SceneSimScripting
import Synchronization

/// The Swift models of this executable (`SceneSimCommand.main(arguments:models:)`), for every
/// command that runs scenarios. ArgumentParser makes the commands from the arguments alone, so
/// the registry reaches them here, set once before parsing.
enum RegisteredModels {
    private static let registry = Mutex(ModelRegistry())

    static var current: ModelRegistry {
        get { registry.withLock { $0 } }
        set { registry.withLock { $0 = newValue } }
    }
}
