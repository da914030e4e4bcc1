-- A Mac app whose "quit when the last window closes" depends on a setting, as the Homebrew
-- front end's applicationShouldTerminateAfterLastWindowClosed returns !showInMenuBar: with
-- policy.quit_when_last_window_closes a function, the answer is read each time the last window
-- closes (scenarios/mac/single-window.lua: an app whose first scene is a Window always quits).
-- Spec: semantics 13.6, 13.8; API policy.quit_when_last_window_closes, w:close, app:open_window.
local app = sim.launch {
  platform = "macos",
  policy = {
    quit_when_last_window_closes = function(app) return not app.defaults.show_in_menu_bar end,
  },
  model = { states = { ready = {} }, initial = "ready", defaults_keys = { "show_in_menu_bar" } },
  scenes = { { id = "main" }, { id = "settings", kind = "settings" } },
}
app.defaults.show_in_menu_bar = true
app.front:close()                     -- in the menu bar: the app keeps running with no window
print("menu bar on:", app.running)
app:open_window("main")
app.defaults.show_in_menu_bar = false
app.front:close()
print("menu bar off:", app.running)
