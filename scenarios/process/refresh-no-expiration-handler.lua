-- Question: my refresh handler forgets to set an expiration handler and never finishes its task
-- (it waits on a server that does not answer) — does the watchdog kill my app?
-- Answer: no. When the expiration warning would have come (refresh_time - expiration_warning,
-- 25 s in), the system marks the task complete and unsuccessful (task.status "expired"), the
-- app is suspended at once, and it keeps running its process: the window comes back on return.
-- (An app with no refresh handler at all crashes at the launch: process/refresh-launch-no-handler.)
-- Spec: semantics 11.4 (platform v5 §1.6); API on_refresh, task.status, sim.system.refresh.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "feed" } },
  model = {
    name = "reader",
    states = { ready = {} },
    initial = "ready",
    on_refresh = function(app, task)
      sim.log("on_refresh: waiting for the server, no expiration handler")
      app.memory.refresh_task = task.id
    end,
  },
}
app:schedule_refresh(600)
app:background()
app:terminate("system")
sim.advance(600)

sim.system.refresh(app)
print("refreshing:", app.running, app.suspended, app.background_time_remaining)
sim.advance(30)
print("after 30 s:", app.running, app.suspended)
assert(app.running and app.suspended, "not killed: completed at the warning and suspended")

app:foreground()
print("back:", app.front.id, app.front.phase, app.memory.refresh_task)

