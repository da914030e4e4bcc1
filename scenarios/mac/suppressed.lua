-- A Mac app whose only scene is suppressed opens no window at launch (a menu-bar style app);
-- the app still runs, and opens its window when asked
-- Spec: semantics 13.1; API scenes launch.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main", launch = "suppressed" } },
}
print("at launch:", app.running, #app.windows, app.phase)
app:open_window("main")
print("opened:", #app.windows, app.front, app.phase)
