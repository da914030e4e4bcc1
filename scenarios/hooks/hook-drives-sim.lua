-- A hook may drive the simulator: its lifecycle requests run once the action is over, so a state hook can open a window
-- Spec: API app:on.
local app = sim.launch {
  platform = "macos",
  scenes = { { id = "main" }, { id = "welcome", kind = "window" } },
}
app:on("state", function(_, new)
  if new == "unauthenticated" then app:open_window("welcome") end
end)
sim.settle()
assert(app.front.group == "welcome", "the hook opened the welcome window")
print("front:", app.front.id)
