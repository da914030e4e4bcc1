-- A Dock click (app:reopen) with no window visible asks the model's on_reopen
-- (applicationShouldHandleReopen): false stops the default, which opens a window of each scene
-- that opens at launch; with a window visible nothing happens; a hidden app unhides
-- Spec: semantics 13.6; API app:reopen, on_reopen.
local allow = false
local app = sim.launch {
  platform = "macos",
  model = {
    states = { ready = {} }, initial = "ready",
    on_reopen = function() print("on_reopen, allow =", allow) return allow end,
  },
  scenes = { { id = "main" }, { id = "doc", value = "string" } },
}
app.front:close()   -- a Mac app keeps running with no window
app:reopen()
print("declined:", #app.windows)
allow = true
app:reopen()
print("allowed:", #app.windows, app.front)
app:reopen()        -- a window is visible: on_reopen is not asked
app:hide()
app:reopen()        -- hidden: the Dock click unhides it
print("unhidden:", app.phase, #app.windows)
