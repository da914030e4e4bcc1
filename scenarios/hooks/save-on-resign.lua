-- A SceneStorage write in a scene_phase hook on active -> inactive (the everyday
-- .onChange(of: scenePhase) pattern) is saved when the scene enters background, and survives a system kill
-- Spec: semantics 9.1, 9.3, 3.3, 5.1; API app:on.
local app = sim.launch { platform = "iphone" }
sim.settle()
app:on("scene_phase", function(w, old, new)
  if old == "active" and new == "inactive" then
    w.storage.draft = "typed before leaving"
    print("  hook: draft written while " .. w.phase)
  end
end)

app:background()          -- the hook runs at active -> inactive; the save follows at background
app:terminate("system")   -- no "storage lost": the write was saved
app:launch()
assert(app.front.storage.draft == "typed before leaving", "the draft came back")
print("restored draft:", app.front.storage.draft)
