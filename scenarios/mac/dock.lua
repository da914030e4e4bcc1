-- The Dock: minimising makes a window inactive and off screen (its storage saved), w:focus()
-- brings it back; a Dock click with only minimised windows counts them as visible and brings
-- the front one back from the Dock (no new window); hiding (⌘H) sends every window to the
-- background and app:foreground() unhides, minimised windows back in the Dock (inactive), even
-- when every window is minimised
-- Spec: semantics 13.6, 13.7; API w:minimize, w:background, app:hide, app:reopen.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
local main = app.front
local doc = app:open_window("doc", "a")
doc.storage.scroll = 3
doc:minimize()
print(doc.phase, app.phase, app.front)
main:background()   -- on macOS the same as w:minimize()
print("all minimised:", app.phase)
app:reopen()
print(#app.windows, app.front)
doc:focus()
print(doc.phase, app.front)
app:hide()
print("hidden:", app.phase, main.phase, doc.phase)
app:foreground()
print("unhidden:", app.phase, app.front)
-- Unhiding puts the minimised window back in the Dock: inactive, not on screen (13.7).
print("in the Dock:", main.phase, main.minimized)
-- Hidden with every window minimised, the app unhides too (app:foreground()), its windows
-- back in the Dock.
for _, w in ipairs(app.windows) do
  if not w.minimized then w:minimize() end
end
app:hide()
print("hidden, all minimised:", app.phase, main.phase, doc.phase)
app:foreground()
print("unhidden, all minimised:", app.phase, main.phase, doc.phase)
