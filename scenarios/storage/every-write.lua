-- With storage_save = "every_write" each write reaches the session at once, so a crash loses nothing (semantics 3.3)
local app = sim.launch { platform = "ipados", policy = { storage_save = "every_write" } }
sim.settle()
local w = app.front

w.storage.draft = "Dear Ada, about the engine"
assert(w.saved.draft == "Dear Ada, about the engine", "saved at once")

app:terminate("crash")
app:launch()
sim.settle()
assert(w.storage.draft == "Dear Ada, about the engine", "nothing lost in the crash")
print("restored draft:", w.storage.draft)
