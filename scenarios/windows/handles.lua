-- Window handles: id, group, value, tostring, and app.windows versus app.sessions (API "window"; semantics 2.1)
local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "detail", value = "string" } } }
sim.settle()

local w = app:open_window("detail", "42")
assert(w.id == "detail#1" and w.group == "detail" and w.value == "42", "fields of a value window")
assert(tostring(w) == 'detail#1("42")', "tostring shows label and value, got " .. tostring(w))
assert(tostring(app.windows[2]) == "main#1", "no value, no parentheses")

-- The same session always gives the same handle: handles compare equal.
assert(app.front == w and app.windows[1] == w, "one handle per session")

-- app.windows lists connected scenes front to back; app.sessions every live session in creation order.
w:background()   -- on macOS: minimised to the Dock, inactive and off screen (semantics 13.7)
app:background() -- hidden: every window leaves the screen
w:disconnect()
assert(#app.windows == 1 and #app.sessions == 2, "disconnected: not a window, still a session")
assert(app.sessions[1].id == "main#1" and app.sessions[2].id == "detail#1", "creation order")
print(tostring(app), tostring(w), w.phase, w.connected, w.alive)
