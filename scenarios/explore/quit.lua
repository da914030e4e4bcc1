-- Explores a Mac document app that asks before quitting with unsaved edits: ⌘Q, ⌥⌘Q and the
-- last window's quit wait for the sheet's answer (app:reply_to_quit), and on_terminate saves
-- what the app still holds in memory
-- Spec: semantics 5.7, 13.4, 13.6, 13.8; API on_should_quit, on_terminate, app:reply_to_quit, scenesim explore.
-- Run: scenesim explore scenarios/explore/quit.lua
local unsaved_at_exit = nil

local function unsaved(app)
  return (app.memory.edits or 0) ~= (app.defaults.saved or 0)
end

local Document = {
  name = "quit",
  states = { ready = {} },
  initial = "ready",
  defaults_keys = { "saved" },
  memory = { "edits" },
  -- The document opens as last saved.
  on_launch = function(app) app.memory.edits = app.defaults.saved end,
  -- The unsaved-changes sheet: "later" until the user answers it.
  on_should_quit = function(app) return unsaved(app) and "later" or "now" end,
  -- applicationWillTerminate: the last chance to save; the App's memory is still there.
  on_terminate = function(app)
    app.defaults.saved = app.memory.edits or 0
    if unsaved(app) then unsaved_at_exit = app.memory.edits end
  end,
}

return {
  setup = function()
    unsaved_at_exit = nil
    return sim.launch {
      platform = "macos",
      policy = { quit_when_last_window_closes = true },
      model = Document,
      scenes = { { id = "main" }, { id = "settings", kind = "settings" } },
    }
  end,
  rules = {
    edit = {
      weight = 2,
      pre = function(app) return app.running end,
      run = function(app) app.memory.edits = (app.memory.edits or 0) + 1 end,
    },
  },
  invariants = {
    -- on_terminate saved everything the process held when it quit.
    quit_saves_the_edits = function()
      return unsaved_at_exit == nil, "on_terminate left edits unsaved: " .. tostring(unsaved_at_exit)
    end,
    front_is_first = function(app)
      return app.front == app.windows[1], "app.front is not the first of app.windows"
    end,
  },
}
