-- A refresh launches a killed app in the background: no window connects until the user returns
-- Spec: semantics 11.4, 11.2.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "feed" } },
  model = {
    name = "reader",
    states = { ready = {} },
    initial = "ready",
    on_launch = function(app) sim.log("on_launch, running", app.running, "windows", #app.windows) end,
    on_refresh = function(app, task)
      print("on_refresh:", task, app.phase, #app.windows, app.background_time_remaining)
      app.memory.fetched = 12
      app:after(3, function(a)
        a.defaults.last_refresh = sim.now()
        a:schedule_refresh(3600)                 -- the next one
        task:finish()
      end)
    end,
  },
}
app.front.storage.scroll = 120
app:schedule_refresh(3600)
print(pcall(sim.system.refresh, app))            -- not due yet
app:background()
app:terminate("system")

sim.advance(3600)
sim.system.refresh(app)
sim.advance(10)
print("after the refresh:", app.running, app.suspended, app.phase, #app.windows, app.defaults.last_refresh)

-- The user opens the app: the restored window connects now, with its storage.
app:foreground()
print("foreground:", app.front.id, app.front.storage.scroll, app.memory.fetched)

-- A suspended app resumes for a refresh; a force quit cancels the pending request.
app:background()
sim.advance(3600)
sim.system.refresh(app)
sim.advance(5)
app:terminate("user")
print(pcall(sim.system.refresh, app))
