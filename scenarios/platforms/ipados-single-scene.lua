-- iPadOS with multiple_scenes = false (UIApplicationSupportsMultipleScenes off) ignores open_window with a warning
-- Spec: semantics 4.4, 7.
local app = sim.launch { platform = "ipados", multiple_scenes = false, scenes = { { id = "main" }, { id = "doc" } } }
sim.settle()

local w, created = app:open_window("doc")
assert(w == nil and not created, "ignored")
assert(#app.sessions == 1, "no session was created")
print("sessions:", #app.sessions)
