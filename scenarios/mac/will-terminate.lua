-- Does my save in applicationWillTerminate run when the user quits a Mac app? Yes: ⌘Q, ⌥⌘Q and
-- the last window's quit run the model's on_terminate(app, "quit"), and what it writes to
-- app.defaults is there at the next launch; no scene phase changes first, so a save made only
-- on "background" never runs at a Quit. Force Quit and a crash run nothing.
-- Spec: semantics 5.7, 13.4; API on_terminate, on_phase, app:terminate, app.defaults.
local app = sim.launch {
  platform = "macos",
  model = {
    states = { ready = {} }, initial = "ready",
    defaults_keys = { "draft", "saved_on_background" },
    -- .onChange(of: scenePhase): the iOS habit of saving when the app goes to the background.
    on_phase = function(app, _, new)
      if new == "background" then app.defaults.saved_on_background = app.memory.draft end
    end,
    -- applicationWillTerminate: the reliable hook on the Mac.
    on_terminate = function(app, how)
      print("on_terminate", how)
      app.defaults.draft = app.memory.draft
    end,
  },
  scenes = { { id = "main" } },
}
app.memory.draft = "v1"
app:terminate("user")                           -- ⌘Q
app:launch()
print("after Quit:", app.defaults.draft, app.defaults.saved_on_background)

app.memory.draft = "v2"
app:terminate("force")                          -- Force Quit: no code runs, v2 is lost
app:launch()
print("after Force Quit:", app.defaults.draft)

app.memory.draft = "v3"
app:terminate("crash")
app:launch()
print("after a crash:", app.defaults.draft)
