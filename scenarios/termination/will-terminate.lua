-- Does my save in applicationWillTerminate run when the system kills my iPhone app in the
-- background? Only while it still runs there: before it is suspended, on_terminate(app,
-- "system") runs and its app.defaults write persists; once suspended, the kill runs nothing. A
-- force quit from the app switcher of the running app runs on_terminate(app, "user").
-- Spec: semantics 5.1, 5.2, 5.7, 11.2; API on_terminate, app:terminate, app.defaults.
local app = sim.launch {
  platform = "iphone",
  model = {
    states = { ready = {} }, initial = "ready",
    defaults_keys = { "draft" },
    on_terminate = function(app, how)
      print("on_terminate", how, app.phase)
      app.defaults.draft = app.memory.draft
    end,
  },
  scenes = { { id = "main" } },
}
app.memory.draft = "v1"
app:background()
app:terminate("system")                         -- killed within the 5 s before suspension
app:launch()
print("killed while running:", app.defaults.draft)

app.memory.draft = "v2"
app:background()
sim.advance(10)                                 -- suspended at 5 s
app:terminate("system")
app:launch()
print("killed while suspended:", app.defaults.draft)

app.memory.draft = "v3"
app:switcher()
app:terminate("user")                           -- swiped away from the switcher
app:launch()
print("force quit from the switcher:", app.defaults.draft)
