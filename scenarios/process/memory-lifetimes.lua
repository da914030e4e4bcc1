-- Memory survives background and suspension; it dies with its scene, its window or its process
-- Spec: semantics 11.1, 2.2, 2.3.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
sim.settle()
local a = app:open_window("doc", "a")
local b = app:open_window("doc", "b")
a.memory.scroll = 310
a.memory.selection = "para 4"
b.memory.undo_depth = 3
app.memory.session_started = 0.5
print(a.memory:keys()[1], a.memory:keys()[2])
for key, value in pairs(a.memory) do print("pairs", key, value) end

-- Background and suspension keep memory.
app:background()
sim.advance(30)
assert(app.suspended)
app:foreground()
print(tostring(a.memory), tostring(app.memory))

-- The system reclaims a background scene: its memory goes, its storage stays.
a:background()
a:disconnect()
print(tostring(a.memory))
print(pcall(function() return a.memory.scroll end))
a:focus()
print("reconnected:", tostring(a.memory))

-- Closing a window takes its memory with its session.
b:close()
print(pcall(function() b.memory.undo_depth = 4 end))

-- Every kind of termination empties app.memory.
app:terminate("crash")
print(pcall(function() return app.memory.session_started end))
print(tostring(app.memory))
