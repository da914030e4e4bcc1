-- A document app: each window restores its selection, and a window whose selection no longer
-- exists in its document starts empty instead of showing a stale one
-- Spec: semantics 5.1, 5.4, 3.3, 10.8; API scenes restore, on_phase, app.defaults.
local app
app = sim.launch {
  platform = "macos",
  scenes = { {
    id = "doc",
    value = "string",
    -- The selection is saved as the window leaves the screen, like .onChange(of: scenePhase).
    -- A closed window goes straight to "disconnected", its storage already gone with it.
    on_phase = function(w, old, new)
      if old == "active" and new ~= "active" and new ~= "disconnected" and w.storage.editing then
        w.storage.selection = w.storage.editing
      end
    end,
    -- Restoring: keep the selection only if the document still has that paragraph.
    restore = function(w)
      if w.value == nil then return true end
      return (w.saved.selection or 0) <= (app.defaults[w.value] or 0)
    end,
  } },
}
sim.settle()
app.front:close()               -- the empty window the app opened at launch

-- Two documents (their paragraph counts live on disk: UserDefaults here).
app.defaults["report.md"] = 12
app.defaults["notes.md"] = 5
local report = app:open_window("doc", "report.md")
local notes = app:open_window("doc", "notes.md")
report.storage.editing = 9
notes.storage.editing = 4

-- A sync shrinks notes.md to 2 paragraphs; the user leaves; the system kills the app.
app.defaults["notes.md"] = 2
app:background()
app:terminate("system")

-- At relaunch report.md comes back on paragraph 9; notes.md starts empty.
app:launch()
sim.settle()
print(report.connected, report.storage.selection, report.value)
print(notes.connected, notes.value, notes.storage.selection)
