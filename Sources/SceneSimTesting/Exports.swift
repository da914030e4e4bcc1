// Swift Testing, re-exported: every store method's `sourceLocation` defaults to Swift Testing's
// `#_sourceLocation`, a macro expanded at the caller, so a file that calls the store (an XCTest
// case or a helper included) must see it; `import SceneSimTesting` is enough.
@_exported import Testing
