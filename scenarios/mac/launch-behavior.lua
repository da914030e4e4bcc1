-- What opens at launch on the Mac: every scene with launch = "presented", in body order; else
-- the first scene of the body unless it is suppressed; restored windows instead when there are
-- any, except those of a scene with restoration = false
-- Spec: semantics 13.1, 13.2; API scenes launch, restoration.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = {
    { id = "welcome", kind = "window", launch = "suppressed" },   -- first, but never at launch
    { id = "editor" },
    { id = "inspector", kind = "window", launch = "presented", restoration = false },
    { id = "console", kind = "window", launch = "presented" },
  },
}
local function windows()
  local list = {}
  for i, w in ipairs(app.windows) do list[i] = w.id end
  return table.concat(list, ", ")
end
print("first launch:", windows())
app:open_window("editor")
app:terminate("force")   -- keeps restoration data
app:launch()
print("relaunch:", windows())
