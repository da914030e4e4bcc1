-- A composer window keeps its draft in @State: killed in the background, the window comes back, empty
-- Spec: semantics 11.1, 11.2, 5.4.
-- Most apps keep a window's work in @State (w.memory), not in @SceneStorage. Restoration brings
-- back the window and its SceneStorage, never its memory.
local app = sim.launch { platform = "ipados", scenes = { { id = "timeline" }, { id = "composer", value = "string" } } }
sim.settle()
app.memory.tab = "home"                          -- the App's @State: the selected tab
local composer = app:open_window("composer", "reply-to-42")
composer.storage.reply_to = 42                   -- @SceneStorage in ComposerView
composer.memory.draft = "half a thought"         -- @State in ComposerView
print(composer.memory)
print(app.memory)

-- The user goes home; 5 s later the app is suspended; later the system reclaims it.
app:background()
sim.advance(60)
assert(app.suspended, "suspended in the background")
app:terminate("system")

-- The composer comes back with its SceneStorage; its @State, and the App's, start empty.
app:launch()
print("restored:", composer.id, composer.phase, composer.storage.reply_to, composer.memory.draft, app.memory.tab)
assert(composer.memory.draft == nil, "the draft lived only in memory")

-- The fix, as ComposerView's .onChange(of: scenePhase) would do it: copy the draft into
-- SceneStorage when the window leaves the screen (before the system saves its storage).
app:on("scene_phase", function(w, _, new)
  if new == "background" and w.group == "composer" then w.storage.draft = w.memory.draft end
end)
composer.memory.draft = "a whole thought"
app:background()
sim.advance(60)
app:terminate("system")
app:launch()
print("restored:", composer.id, composer.storage.draft, composer.memory.draft)
assert(composer.storage.draft == "a whole thought", "saved on background, restored")
