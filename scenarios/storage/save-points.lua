-- With storage_save = "background" storage reaches the session when the scene backgrounds; a crash loses later writes
-- Spec: semantics 3.3, 5.3.
local app = sim.launch { platform = "ipados", policy = { storage_save = "background" } }
sim.settle()
local w = app.front

w.storage.draft = "Dear Ada"
assert(w.saved.draft == nil, "not saved yet: w.saved is what restoration would give now")

app:background()
assert(w.saved.draft == "Dear Ada", "saved when the scene entered background")

-- Back in the foreground the user keeps typing; the process crashes before the next save point.
app:foreground()
w.storage.draft = "Dear Ada, about the engine"
w.storage.signature = "C.B."
app:terminate("crash")

app:launch()
sim.settle()
assert(app.front == w, "the window is restored (a crash after loading keeps restoration data)")
assert(w.storage.draft == "Dear Ada", "the last saved value, got " .. tostring(w.storage.draft))
assert(w.storage.signature == nil, "the unsaved key is lost")
print("restored draft:", w.storage.draft)
