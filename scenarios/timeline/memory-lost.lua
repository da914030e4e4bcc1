-- The timeline of a window whose @State dies with the process: 'm' where memory is lost, the restored lane empty of it
-- golden: timeline
-- Spec: semantics 11.1, 11.2.
-- The golden holds `scenesim run --timeline - timeline/memory-lost.lua`: 'Z' where the app is
-- suspended, 'm' on the composer's lane and the app's where memory is lost at the kill.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "composer", value = "integer" } } }
sim.settle()
app.memory.tab = "home"
local composer = app:open_window("composer", 42)
composer.memory.draft = "half a thought"
app:background()
sim.advance(30)
app:terminate("system")
app:launch()
print("draft after restore:", composer.memory.draft)
