-- iPhone under memory pressure: the system disconnects the suspended scene, then kills the app; relaunch restores it
-- Spec: semantics 2.2, 5.1, 5.4.
local app = sim.launch { platform = "iphone", session = { user = "ada" } }
sim.settle()
local main = app.front
main.storage.draft = "half-written reply"

app:background()                 -- storage is saved as the scene enters background
main:disconnect()                -- the system reclaims the scene first...
app:terminate("system")          -- ...then kills the suspended process

app:launch()
assert(app.front == main, "the scene that was on screen comes back: same session, same handle")
assert(#app.sessions == 1, "no second session on a one-window platform")
assert(main.storage.draft == "half-written reply", "with the storage it saved on the way out")
sim.settle()
print(app.state, main.id, main.storage.draft)
