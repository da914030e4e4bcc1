-- A crash sends no events and loses unsaved writes, but restoration data survives once the app has loaded
-- Spec: semantics 5.3.
local app = sim.launch { platform = "visionos" }
sim.settle()
local w = app.front
app:background()
app:foreground()
w.storage.count = 1 -- saved at the next save point, which never comes

local events = 0
app:on("scene_phase", function() events = events + 1 end)
app:on("phase", function() events = events + 1 end)
app:terminate("crash")
local during_crash = events
assert(during_crash == 0, "a crash sends no phase events")

app:launch()
assert(app.front == w, "restored")
assert(w.storage.count == nil, "the unsaved write is lost")
sim.settle()
print("phase events during the crash:", during_crash)
