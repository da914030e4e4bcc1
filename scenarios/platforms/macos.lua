-- macOS: hiding skips inactive, non-key windows stay active, closing every window keeps the app running
-- Spec: semantics 1.2, 1.3, 1.6, 7.
local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "inspector", kind = "window" } } }
sim.settle()
local main = app.front
local inspector = app:open_window("inspector")
assert(main.phase == "active" and inspector.phase == "active", "non-key windows are active")

local steps = {}
app:on("scene_phase", function(w, old, new) steps[#steps + 1] = w.id .. " " .. old .. "->" .. new end)
app:background() -- Cmd-H
assert(table.concat(steps, ", ") == "inspector#1 active->background, main#1 active->background", "no inactive step")
app:foreground()

-- Closing every window keeps the app running. A closed macOS window simply goes away (no
-- background step), and with zero scenes the app phase keeps its last value: active.
inspector:close()
main:close()
assert(app.running and #app.windows == 0, "still running with no window")
assert(app.phase == "active", "the app phase keeps its last value with no window")
print("running:", app.running, "phase:", app.phase)
