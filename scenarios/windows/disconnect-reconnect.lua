-- A disconnected background scene keeps its session and saved storage, and reconnects later with them
-- Spec: semantics 2.1, 2.2, 4.2.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local doc = app:open_window("doc", "plan")
doc.storage.cursor = 42

doc:background()
doc:disconnect()
assert(doc.alive and not doc.connected and doc.phase == "disconnected", "session kept, scene gone")
assert(doc.saved.cursor == 42, "storage was saved before the disconnect")
assert(#app.windows == 1 and #app.sessions == 2, "out of app.windows, still in app.sessions")
assert(app.phase == "active", "a disconnected scene leaves the aggregate")

-- focus() reconnects it with its saved storage.
doc:focus()
assert(doc.connected and doc.phase == "active", "reconnected and in front")
assert(doc.storage.cursor == 42, "storage came back")

-- open_window for its value reconnects it too, instead of creating another.
doc:background()
doc:disconnect()
local same, created = app:open_window("doc", "plan")
assert(same == doc and not created, "open_window reconnects the disconnected session")
print(tostring(same), same.phase, same.storage.cursor)
