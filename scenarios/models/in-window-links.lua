-- On iPhone a deep link navigates inside the one window: the scene's on_url writes its
-- navigation path to SceneStorage, which a system kill keeps
-- Spec: semantics 10.7, 10.8, 12.2, 4.6, 5.1; API scenes on_url, sim.url.
local app = sim.launch {
  platform = "iphone",
  session = { user = "ada" },
  routes = { item = "item" },
  scenes = { {
    id = "main",
    -- On iPhone every link comes to the one scene (SwiftUI ignores .handlesExternalEvents
    -- there), so .onOpenURL itself keeps to the note links:
    -- app://notes/<folder>/<note> becomes the window's navigation path
    on_url = function(w, url)
      local link = sim.url(url)
      if link.host ~= "notes" or #link.path == 0 then return false end
      w.storage.path = table.concat(link.path, "/")
      return true
    end,
  }, { id = "item", value = "integer" } },
}

-- While the app is still loading, the built-in model's gate refuses every link before any window sees it.
print(app:open_url("app://notes/work/42"))
sim.settle()

-- Signed in: the window navigates; on iPhone no second window is needed.
print(app:open_url("app://notes/work/42"), app.front.storage.path, #app.windows)
print(app:open_url("app://notes/recipes/tarte%20tatin"), app.front.storage.path)

-- A link the window does not handle goes to the routes, which cannot open a window on iPhone.
print(app:open_url("app://item/7"))
-- A note link without a note is not handled either: the routes try it, and have no "notes".
print(app:open_url("app://notes"))

-- The path was written at once, so it is saved on the way to background and survives a kill.
app:background()
app:terminate("system")
app:launch()
sim.settle()
print(app.front.storage.path)
