-- A relaunch is a new process: persistent data survives, hooks stay registered, off-screen sessions stay disconnected
-- Spec: semantics 5.4, 5.5, 13.7.
local app = sim.launch {
  platform = "macos",
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
  session = { user = "ada" },
}
local states = {}
app:on("state", function(_, new) states[#states + 1] = new end)
sim.settle()

local main = app.front
local parked = app:open_window("doc", "archive")
parked:background()   -- on macOS: minimised to the Dock (semantics 13.7)
app:background()      -- hidden: every window leaves the screen
parked:disconnect()   -- not on screen when the app left
app:terminate("system")

app:launch()
-- The stored login session (keychain) survives; the state is rebuilt from loading.
assert(app.state == "loading" and #app.history == 0, "a new controller with no history")
assert(#app.windows == 1 and app.front == main, "only the on-screen window reconnects")
assert(parked.alive and not parked.connected, "the other session stays disconnected until focused")
sim.settle()
assert(app.state == "authenticated(ada)", "the stored session is validated again")

parked:focus()
assert(parked.connected, "focus reconnects it")
-- The state hook registered before the first launch is still called.
assert(table.concat(states, " ") == "authenticated(ada) authenticated(ada)", "hook ran in both processes")
print("state hook saw:", table.concat(states, ", "))
