-- A crash while the app state is still loading discards restoration data (semantics 5.3)
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local doc = app:open_window("doc", "a")
app:background()
app:terminate("system")

-- Relaunch, and crash again before initialization finishes.
app:launch()
assert(app.state == "loading", "still loading")
app:terminate("crash")
assert(not doc.alive, "restoration data discarded")

app:launch()
assert(#app.windows == 1 and app.front.id == "main#2", "a fresh primary window, got " .. app.front.id)
sim.settle()
print("after the second relaunch:", app.front.id, app.state)
