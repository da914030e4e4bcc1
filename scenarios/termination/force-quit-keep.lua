-- Force quit with force_quit = "keep" (observed, FB9855914) keeps restoration data; from background it sends no events
-- Spec: semantics 5.2.
local app = sim.launch { platform = "iphone", policy = { force_quit = "keep" } }
sim.settle()
local w = app.front
w.storage.tab = 3

app:background()
local events = 0
app:on("scene_phase", function() events = events + 1 end)
app:terminate("user")
assert(events == 0, "no phase events for a force quit from background")
assert(w.alive, "the session survives")

app:launch()
assert(app.front == w and w.storage.tab == 3, "restored with its storage")
sim.settle()
print("restored:", w.id, "tab", w.storage.tab)
