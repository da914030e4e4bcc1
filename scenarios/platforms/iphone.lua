-- iPhone shows one window: open_window is ignored with a warning and returns nil, false
-- Spec: semantics 4.4, 7; API app:open_window.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "main" }, { id = "item", value = "string" } },
  routes = { item = "item" },
  session = { user = "ada" },
}
sim.settle()

local w, created = app:open_window("item", "42")
assert(w == nil and created == false, "ignored, as SwiftUI ignores it")
assert(#app.windows == 1, "still one window")

-- A deep link that would need a second window is refused too.
assert(app:open_url("app://item/42") == false, "cannot open another window")

-- Leaving the app walks through inactive; with no scene the app phase is background.
app:background()
app.front:disconnect()
assert(#app.windows == 0 and app.phase == "background", "no connected scene: background")
app:foreground()
assert(app.phase == "active" and app.front.id == "main#1", "the same session reconnects")
sim.settle()
print("windows:", #app.windows, app.front.id, app.phase)
