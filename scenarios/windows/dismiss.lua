-- dismiss_window(id) closes the whole group, dismiss_window(id, value) only that window; sessions are discarded
-- Spec: semantics 2.3.
local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "doc", value = "integer" } } }
sim.settle()
local d1 = app:open_window("doc", 1)
local d2 = app:open_window("doc", 2)
local d3 = app:open_window("doc", 3)
d2.storage.scroll = 120

-- With a value: only the window presenting it.
assert(app:dismiss_window("doc", 2) == 1, "one window presents 2")
assert(not d2.alive and d2.phase == "disconnected", "its session is gone")
assert(app:dismiss_window("doc", 2) == 0, "nothing presents 2 any more")

-- Reopening the value creates a fresh session: storage died with the old one.
local fresh, created = app:open_window("doc", 2)
assert(created and fresh ~= d2 and fresh.storage.scroll == nil, "a new, empty session")

-- Without a value: every window of the group.
assert(app:dismiss_window("doc") == 3, "doc 1, 3 and the new 2")
assert(not d1.alive and not d3.alive, "all discarded")
assert(#app.windows == 1 and app.front.group == "main", "main remains")
print("live sessions:", #app.sessions)
