-- The restore hook rejects a stale restored value (the item was deleted meanwhile): the window starts empty
-- Spec: semantics 5.4; API "restore" hook.
local app = sim.launch {
  platform = "ipados",
  scenes = { { id = "main" }, { id = "item", value = "integer" } },
  session = { user = "ada" },
}
sim.settle()
local live = app:open_window("item", 7)
local stale = app:open_window("item", 13)
live.storage.scroll = 40
stale.storage.scroll = 90
app:background()
app:terminate("system")

-- Meanwhile item 13 was deleted on the server. Never trust restored state blindly.
local existing = { [7] = true }
local asked = {}
app:on("restore", function(w)
  asked[#asked + 1] = tostring(w)
  if w.group == "item" and not existing[w.value] then return false end
  return true
end)

app:launch()
assert(table.concat(asked, " ") == "item#2(13) item#1(7)", "asked front to back, got " .. table.concat(asked, " "))
assert(live.value == 7 and live.storage.scroll == 40, "a valid window restores as it was")
assert(stale.value == nil and stale.storage.scroll == nil, "the rejected one starts empty")
assert(stale.connected, "but it still reconnects")
sim.settle()
print(tostring(live), tostring(stale))
