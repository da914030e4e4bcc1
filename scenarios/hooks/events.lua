-- Hooks: "phase" on aggregate changes, "scene_phase" per window, "state" per accepted transition; nil removes them
-- Spec: API app:on; semantics 1.4.
local app = sim.launch { platform = "ipados" }
app:on("phase", function(old, new) print("  phase hook:", old, new) end)
app:on("scene_phase", function(w, old, new) print("  scene_phase hook:", w.id, old, new) end)
app:on("state", function(old, new) print("  state hook:", old, new) end)
sim.settle()

app:interrupt()
app:resume()

-- Passing nil removes the hooks of that event.
app:on("scene_phase", nil)
app:on("phase", nil)
app:background()
print("no hooks for the background trip")
