-- With "Close windows when quitting an application" off (policy.close_windows_on_quit = false),
-- Quit (⌘Q) keeps the windows for the next launch
-- Spec: semantics 13.4; API policy.close_windows_on_quit.
local app = sim.launch {
  platform = "macos",
  policy = { close_windows_on_quit = false },
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
app:open_window("doc", "notes")
app:terminate("user")
app:launch()
print(#app.windows, app.front)
