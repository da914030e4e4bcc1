-- After a system kill, relaunch restores the on-screen windows in order with their ids, values and saved storage
-- Spec: semantics 5.1, 5.4.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local main = app.front
local doc = app:open_window("doc", "q3-report")
main.storage.sidebar = true
doc.storage.page = 12

app:background()
app:terminate("system")
assert(not app.running and app.phase == "background", "terminated")
assert(doc.alive and doc.saved.page == 12, "sessions are kept with their saved storage")

app:launch()
assert(app.launches == 2 and app.state == "loading", "a new process starts at loading")
assert(app.windows[1] == doc and app.windows[2] == main, "restored front to back, same handles")
assert(doc.value == "q3-report" and doc.storage.page == 12, "value and storage came back")
assert(main.storage.sidebar == true, "main's storage came back")
sim.settle()
print(app.state, app.windows[1].id, app.windows[2].id)
