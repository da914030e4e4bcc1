// The library Swift users import: `import SceneSim`.
//
// The simulation lives in SceneSimCore, the built-in model (built on its public API) in
// SceneSimBuiltin, and the byte strings they speak in ByteText, beside the Lua layers that
// share them. What those modules declare `public` is this library's API, chosen
// on purpose (a test keeps the list in Tests/SceneSimCommandsTests/Package/SceneSim.api);
// what only the project's own modules use is `package`. So re-exporting them whole gives users
// exactly the curated surface, under one name that does not move when the modules inside do.
@_exported import ByteText
@_exported import SceneSimBuiltin
@_exported import SceneSimCore
