-- A Dock click (app:reopen) asks the model's on_reopen(app, has_visible_windows)
-- (applicationShouldHandleReopen) every time: false stops the default, which with no window
-- opens a window of each scene that opens at launch; with a window visible the default does
-- nothing more; a hidden app unhides
-- Spec: semantics 13.6; API app:reopen, on_reopen.
local allow = false
local app = sim.launch {
  platform = "macos",
  model = {
    states = { ready = {} }, initial = "ready",
    on_reopen = function(_, visible) print("on_reopen, visible =", visible, "allow =", allow) return allow end,
  },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
app.front:close()   -- a Mac app keeps running with no window
app:reopen()
print("declined:", #app.windows)
allow = true
app:reopen()
print("allowed:", #app.windows, app.front)
app:reopen()        -- a window is visible: on_reopen is asked, the default opens nothing
app:hide()
app:reopen()        -- hidden: the Dock click unhides it
print("unhidden:", app.phase, #app.windows)
