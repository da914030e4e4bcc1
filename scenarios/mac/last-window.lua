-- policy.quit_when_last_window_closes (applicationShouldTerminateAfterLastWindowClosed): closing
-- the last window quits the app; without it a Mac app keeps running with no window
-- Spec: semantics 13.6, 7; API policy.quit_when_last_window_closes, w:close.
local app = sim.launch {
  platform = "macos",
  policy = { quit_when_last_window_closes = true },
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main" } },
}
local second = app:open_window("main")
app.windows[2]:close()
print(app.running, #app.windows)
second:close()
print(app.running)
