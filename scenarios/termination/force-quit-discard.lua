-- Force quit with force_quit = "discard" (Apple docs): nothing restored, discarded sessions reported at next launch
-- Spec: semantics 5.2, 2.3, 11.5.
local app = sim.launch { platform = "iphone", policy = { force_quit = "discard" } }
sim.settle()
local w = app.front
w.storage.tab = 3

-- Force quit from the switcher while active: on iPhone the scene goes inactive, then disconnects,
-- with no background step (semantics 11.5), so the write above was never saved: "storage lost".
app:switcher()
app:terminate("user")
assert(not app.running and not w.alive, "the session is discarded with its storage")

-- The next launch is told about the discarded sessions and opens a fresh window.
app:launch()
assert(app.front ~= w and app.front.id == "main#2", "a new primary window, got " .. app.front.id)
assert(app.front.storage.tab == nil, "nothing restored")
sim.settle()
print("front after relaunch:", app.front.id)
