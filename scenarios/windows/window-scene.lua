-- A Window scene (macOS, visionOS) has at most one instance: opening it again fronts it (semantics 4.3)
local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "settings", kind = "window" } } }
sim.settle()

local settings, created = app:open_window("settings")
assert(created and settings.id == "settings#1", "the first open creates the single instance")
app.windows[2]:focus()
assert(app.front.group == "main", "main in front")

local again, created_again = app:open_window("settings")
assert(again == settings and not created_again, "a Window scene is never duplicated")
assert(app.front == settings, "opening it again fronts it")
assert(#app.sessions == 2, "still two sessions")
print("windows:", app.windows[1].id, app.windows[2].id)
