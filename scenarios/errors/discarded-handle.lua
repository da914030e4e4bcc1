-- Using the handle of a discarded window fails, saying when and why it was discarded; ends in that error
-- expect: error
-- Spec: API "window" (stale handles).
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local doc = app:open_window("doc", "notes")
sim.advance(2)
doc:close()
assert(not doc.alive, "discarded")

doc.storage.page = 1 -- error: the session was discarded at 2.500 s (closed by the user)
