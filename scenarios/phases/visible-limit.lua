-- iPadOS shows two windows side by side, both active; a third sends the least recently focused one to background
-- Spec: semantics 1.6.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local main = app.front
local a = app:open_window("doc", "a")

-- Side by side: both active (iPadOS keeps unfocused windows active).
assert(main.phase == "active" and a.phase == "active", "two windows on screen, both active")

-- A third window: main was focused least recently, so it leaves the screen.
local b = app:open_window("doc", "b")
assert(b.phase == "active" and a.phase == "active", "the two most recent are on screen")
assert(main.phase == "background", "main goes to background, got " .. main.phase)

-- Focusing main brings it back and pushes out a, now the least recently focused.
main:focus()
assert(main.phase == "active" and b.phase == "active", "main and b on screen")
assert(a.phase == "background", "a goes to background, got " .. a.phase)
print("front to back:", app.windows[1].id, app.windows[2].id, app.windows[3].id)
