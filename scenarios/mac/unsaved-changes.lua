-- A document app with unsaved changes: what happens on ⌘Q, Cancel, Save? The model's
-- on_should_quit (applicationShouldTerminate) returns "later" while a document is unsaved: the
-- Quit waits for the sheet, a second ⌘Q meanwhile is ignored; Cancel is
-- app:reply_to_quit(false), and the app keeps running with its windows; Save writes the
-- document, then app:reply_to_quit(true) quits (on_terminate runs). With nothing unsaved,
-- "now" quits at once. Closing the last window asks too.
-- Spec: semantics 13.4, 13.6, 13.8, 5.7; API on_should_quit, app:reply_to_quit, on_terminate.
local app = sim.launch {
  platform = "macos",
  policy = { quit_when_last_window_closes = true },
  model = {
    states = { ready = {} }, initial = "ready",
    defaults_keys = { "saved" },
    on_should_quit = function(app)
      if app.memory.edits ~= app.defaults.saved then
        print("sheet: Do you want to save the changes?")
        return "later"
      end
      return "now"
    end,
    on_terminate = function(_, how) print("on_terminate", how) end,
  },
  scenes = { { id = "doc", value = "string" } },
}
local doc = app.front
app.memory.edits = 1

app:terminate("user")                 -- ⌘Q: the sheet comes up
app:terminate("user")                 -- ⌘Q again while it is up: ignored
app:reply_to_quit(false)              -- Cancel
print("after Cancel:", app.running, #app.windows)

app:terminate("user")                 -- ⌘Q, then Save
app.defaults.saved = app.memory.edits
app:reply_to_quit(true)
print("after Save:", app.running, app.defaults.saved)

app:launch()
app.memory.edits = app.defaults.saved
print("reply with no quit waiting:", pcall(app.reply_to_quit, app, true))
app.front:close()                     -- nothing unsaved: the last window's quit goes on at once
print("after closing the last window:", app.running, doc.alive)
