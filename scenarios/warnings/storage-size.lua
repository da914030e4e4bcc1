-- One scene's storage growing past storage_warn_bytes traces a warning once, until it shrinks again (semantics 3.4)
local app = sim.launch { platform = "ipados", policy = { storage_warn_bytes = 64 } }
sim.settle()
local w = app.front

w.storage.query = "swift scenes"
w.storage.cache = string.rep("x", 80) -- a blob in SceneStorage: keep it lightweight
w.storage.page = 2 -- still too big, but the warning is not repeated

w.storage.cache = nil
w.storage.cache = string.rep("y", 80) -- shrank below, then grew past again: warned again
print("keys:", table.concat(w.storage:keys(), ", "))
