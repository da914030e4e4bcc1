-- On iPadOS closing the last window discards it, and the app shows a fresh primary window on return (semantics 7)
local app = sim.launch { platform = "ipados" }
sim.settle()
local only = app.front
only.storage.tab = 2

only:close()
assert(not only.alive, "the session is discarded")
assert(#app.windows == 0 and app.phase == "background", "no scene: the app is in the background")

app:foreground()
assert(app.front ~= only and app.front.id == "main#2", "a new window of the primary group")
assert(app.front.storage.tab == nil, "empty storage")
print("front:", app.front.id, app.phase)
