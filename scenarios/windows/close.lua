-- w:close() discards the session with its storage, and the app is told at once
-- Spec: semantics 2.3; API w:close, w.alive.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local doc = app:open_window("doc", "report")
doc.storage.page = 3

doc:close()
assert(not doc.alive and not doc.connected, "closed: the session no longer exists")
assert(#app.sessions == 1 and #app.windows == 1, "only main is left")
assert(app.front.group == "main" and app.front.phase == "active", "main is in front and active")

-- Opening the same value again starts from nothing.
local again, created = app:open_window("doc", "report")
assert(created and again ~= doc, "a new session")
assert(again.storage.page == nil, "the closed window's storage is gone")
print(tostring(doc), "alive:", doc.alive, "new:", tostring(again))
