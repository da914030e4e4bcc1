-- open_window(id) on a WindowGroup always creates a new window, labelled group#n
-- Spec: semantics 4.1; API app:open_window.
local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()

local first, created1 = app:open_window("main")
local second, created2 = app:open_window("main")
assert(created1 and created2, "each call creates a window")
assert(first ~= second, "two different windows")
assert(first.id == "main#2" and second.id == "main#3", "labels count sessions per group")

-- A value group opened without a value presents nil, and is never deduplicated.
local blank1 = app:open_window("doc")
local blank2 = app:open_window("doc")
assert(blank1.value == nil and blank2.value == nil, "no value -> nil")
assert(blank1 ~= blank2, "nil values are not deduplicated")

assert(#app.windows == 5 and app.front == blank2, "the newest window is in front")
for i, w in ipairs(app.windows) do print(i, tostring(w), w.phase) end
