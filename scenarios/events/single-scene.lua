-- On iPad without multiple scenes (as on iPhone) every event goes to the one scene whatever
-- its modifiers say, reconnected if the system had disconnected it
-- Spec: semantics 12.2, 12.7; API scenes allows, on_url, w:disconnect.
local app = sim.launch {
  platform = "ipados",
  multiple_scenes = false,
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { {
    id = "main",
    allows = function() return false end,   -- ignored where the app has one scene
    on_url = function(w, url) w.storage.link = url return true end,
  } },
}
print(app:open_url("app://one"), app.front.storage.link)
-- In the background and disconnected: the link brings the app back and the scene reconnects.
local w = app.front
app:background()
w:disconnect()
print(app:open_url("app://two"), w.storage.link, w.phase)
