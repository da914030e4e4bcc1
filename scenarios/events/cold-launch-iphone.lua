-- A link launches an iPhone app that is not running: the launch line names it, on_launch runs,
-- the one scene connects and becomes active, then it receives the link
-- Spec: semantics 12.8, 12.2; API app:open_url.
local app = sim.launch {
  platform = "iphone",
  url_schemes = { "icecubesapp" },
  model = {
    states = { ready = {} }, initial = "ready",
    on_launch = function(app) print("on_launch, windows:", #app.windows) end,
  },
  scenes = { {
    id = "timeline",
    on_url = function(w, url)
      print("on_url in", w, "phase", w.phase)
      w.storage.status = sim.url(url).path[1]
      return true
    end,
  } },
}
app:background()
app:terminate("user")   -- swiped away: nothing to restore
print(app:open_url("icecubesapp://status/42"), app.front.storage.status, app.phase)

-- A scheme the app does not register does not launch it.
app:terminate("user")
print(app:open_url("https://example.com/status/1"), app.running)
