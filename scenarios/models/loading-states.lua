-- A model says which of its states are loading screens (`loading = true`, as the built-in model's
-- `loading`): only a crash in one discards the restoration data, and only one warns of a flicker.
-- Spec: semantics 4.7, 5.3; API model.states.
local app = sim.launch {
  model = {
    states = { starting = {}, syncing = { loading = true }, ready = {} },
    initial = "starting",
    transitions = { starting = { "ready" }, syncing = { "ready" }, ready = { "syncing" } },
    -- The App's init decides at once, before any window is on screen: no flicker to warn of.
    on_launch = function(a) a:transition("ready") end,
  },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
local doc = app:open_window("doc", "a.txt")
doc.storage.cursor = 3
app:background()
app:foreground()

-- A sync screen shown for a moment is a flicker.
app:transition("syncing")
app:transition("ready")

-- A crash in `ready`, no loading screen: the windows come back.
app:terminate("crash")
app:launch()
assert.equal(3, doc.storage.cursor, "cursor after a crash in ready")

-- A crash while the sync screen is up: the system distrusts the restoration data.
app:transition("syncing")
app:terminate("crash")
app:launch()
print("after a crash while syncing:", #app.windows, "window(s)", doc.alive)
