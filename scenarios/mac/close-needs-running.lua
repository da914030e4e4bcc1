-- On the Mac there is no app switcher with cards: closing a window needs the app running, where
-- on the iOS family w:close() of an app that is not running removes its card
-- Spec: semantics 2.4; API w:close.
local app = sim.launch { platform = "macos", scenes = { { id = "main" } } }
local window = app.front
app:background()
app:terminate("system")
print(pcall(window.close, window))
