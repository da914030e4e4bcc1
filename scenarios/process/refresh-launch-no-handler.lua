-- Question: my app asks for a background refresh but never registers a handler for the task —
-- what happens when the system launches it for the refresh?
-- Answer: BGTaskScheduler finds no launch handler registered and the app crashes at launch
-- (`terminated (crash): no launch handler registered for the refresh task`); it crashed before
-- any window connected, so the system discards the restoration data: the next launch starts fresh.
-- Spec: semantics 11.4 (platform v5 §1.6), 5.3; API on_refresh, sim.system.refresh.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "feed" } },
  model = { name = "no-handler", states = { ready = {} }, initial = "ready" },
}
app.front.storage.scroll = 40
app:schedule_refresh(600)
app:background()
app:terminate("system")
sim.advance(600)
sim.system.refresh(app)
print("running after the refresh:", app.running)
app:launch()
print("relaunched:", app.front.id, app.front.storage.scroll)
assert(app.front.storage.scroll == nil, "restoration discarded")
