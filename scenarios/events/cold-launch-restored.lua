-- On the iPad a link that launches the app with windows to restore is routed among them; with
-- nothing to restore only the window the routing picks opens, not the launch window
-- Spec: semantics 12.8, 12.4; API app:open_url, matching.
local app = sim.launch {
  platform = "ipados",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = {
    { id = "main" },
    { id = "doc", value = "string", matching = { "doc" },
      prefers = function(w, event) return w.value ~= nil and sim.url(event).path[1] == w.value end,
      on_url = function(w, url) w.storage.seen = sim.url(url).path[1] return true end },
  },
}
local doc = app:open_window("doc", "a")
app:background()
app:terminate("system")
-- Restored: main and doc "a"; the link goes to the window that prefers it.
print(app:open_url("app://doc/a"), app.front, doc.storage.seen)

app:terminate("user")   -- force quit: nothing to restore
print(app:open_url("app://doc/b"), app.front, #app.windows)
