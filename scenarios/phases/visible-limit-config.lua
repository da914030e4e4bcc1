-- visible_limit overrides the platform default: with 1 on macOS, opening a window sends the other to background
-- Spec: semantics 1.6, 7; API config visible_limit.
local app = sim.launch { platform = "macos", visible_limit = 1 }
sim.settle()
local first = app.front
local second = app:open_window("main")
assert(second.phase == "active" and first.phase == "background", "one window on screen at a time")

first:focus()
assert(first.phase == "active" and second.phase == "background", "focusing swaps them")
print(first.id, first.phase, second.id, second.phase)
