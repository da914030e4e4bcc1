-- visionOS: Window scenes, unlimited windows, and the last window closed goes to background and reopens at next launch
-- Spec: semantics 4.3, 7.
local app = sim.launch { platform = "visionos", scenes = { { id = "main" }, { id = "player", kind = "window" } } }
sim.settle()
local main = app.front
local player = app:open_window("player")
local extra = app:open_window("main")
assert(#app.windows == 3 and main.phase == "active", "unlimited visible windows, all active")

extra:close()
player:close()
assert(not extra.alive and not player.alive, "closed windows are discarded")

main.storage.volume = 7
main:close() -- the last window
assert(main.alive and main.phase == "background", "the last window goes to background, not away")

app:terminate("system")
app:launch()
assert(app.front == main and main.storage.volume == 7, "it reopens at the next launch with its storage")
sim.settle()
print("reopened:", main.id, "volume", main.storage.volume)
