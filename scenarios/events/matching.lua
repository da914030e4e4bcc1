-- Scene.handlesExternalEvents(matching:): a link no window takes opens a window of the first
-- scene whose matching strings it contains; with none, of the first scene without modifiers;
-- a scene that only allows some links and matches nothing has no candidate
-- Spec: semantics 12.4, 12.5; API scenes matching, allows.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = {
    { id = "library", allows = function(_, event) return event:find("library", 1, true) ~= nil end },
    { id = "compose", matching = { "compose" },
      on_url = function(w, url) w.storage.to = sim.url(url).query.to return true end },
    { id = "viewer", kind = "window", matching = { "view" } },
  },
}
assert(app.front.group == "library", "the first scene of the body opens at launch")
print(app:open_url("mail://compose?to=ada"), app.front)
print(app:open_url("mail://compose?to=bob"), app.front)
-- A Window scene is a candidate while it is not open; once open, it is not (and it allows nothing).
print(app:open_url("mail://view/1"), app.front)
print(app:open_url("mail://view/2"), app.front)
-- The library window allows its own links.
print(app:open_url("mail://library/inbox"), app.front)
