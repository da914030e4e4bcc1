-- SceneStorage is per session: the same key in two windows holds two values; storable types keep their exact type
-- Spec: semantics 3.1, 3.2.
local app = sim.launch { platform = "macos" }
sim.settle()
local left = app.front
local right = app:open_window("main")

left.storage.tab = 1
right.storage.tab = 2
assert(left.storage.tab == 1 and right.storage.tab == 2, "one key, two independent values")

-- Bool, Int, Double and String are storable; integer and float stay distinct (Int vs Double).
right.storage.dark = true
right.storage.zoom = 2.0
right.storage.title = "Inbox"
assert(math.type(right.storage.tab) == "integer", "2 stays an integer")
assert(math.type(right.storage.zoom) == "float", "2.0 stays a float")
assert(right.storage.missing == nil, "a missing key reads as nil")

-- Assigning nil deletes the key; keys() is sorted.
right.storage.title = nil
local keys = right.storage:keys()
assert(table.concat(keys, ",") == "dark,tab,zoom", "sorted keys, got " .. table.concat(keys, ","))
for _, key in ipairs(keys) do
  local value = right.storage[key]
  print(key, value, math.type(value) or type(value))
end
