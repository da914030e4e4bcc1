-- My Mac app's main scene is a single Window: does it quit when the user closes it? Yes: when
-- the first scene of the body is a Window ("Use a window as the main scene"), closing the last
-- window quits the app, whatever policy.quit_when_last_window_closes says (false here), and
-- that quit is a Quit: on_should_quit, then on_terminate(app, "quit").
-- Spec: semantics 13.6, 13.8, 5.7; API scenes kind = "window", w:close, on_terminate.
local app = sim.launch {
  platform = "macos",
  policy = { quit_when_last_window_closes = false },
  model = {
    states = { ready = {} }, initial = "ready",
    on_should_quit = function() print("on_should_quit") return "now" end,
    on_terminate = function(_, how) print("on_terminate", how) end,
  },
  scenes = { { id = "cellar", kind = "window" }, { id = "bottle", value = "string" } },
}
local bottle = app:open_window("bottle", "Barolo")
bottle:close()
print("a window is left:", app.running)
app.front:close()
print("after closing the Window:", app.running)
