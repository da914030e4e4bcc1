-- User activities (Handoff, Spotlight) are routed as URLs are: the model's on_activity first,
-- then the window that prefers, allows or matches the activity's target (never its type); they
-- launch the app too
-- Spec: semantics 12.0, 12.1, 12.3, 12.4, 12.8; API app:continue_activity, on_activity.
local app = sim.launch {
  platform = "macos",
  model = {
    states = { ready = {} }, initial = "ready",
    on_activity = function(_, type)
      if type == "com.example.private" then return false, "private activities are not continued" end
    end,
  },
  scenes = {
    { id = "browser" },
    { id = "editor", value = "string", matching = { "edit/" },
      prefers = function(w, _) return w.value ~= nil end,
      on_activity = function(w, type, info)
        print("editor on_activity", w, type, info.file)
        w.storage.file = info.file
        return true
      end },
  },
}
print(app:continue_activity("com.example.edit", { file = "notes.txt" }, { target = "edit/notes.txt" }), app.front)
print(app:continue_activity("com.example.private"))
-- No target: compared with nothing, the first scene without matching takes it.
print(app:continue_activity("com.example.browse", { page = 2 }), app.front)

app:terminate("force")   -- Force Quit: the windows come back
print(app:continue_activity("com.example.edit", { file = "todo.txt" }, { target = "edit/todo.txt" }), app.front)
