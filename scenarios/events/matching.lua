-- Scene.handlesExternalEvents(matching:): a link no window takes opens a window of the first
-- scene whose matching strings it contains, compared without case or diacritics; with none, of
-- the first scene without matching, even one whose views allow only some links ("" and {}
-- match nothing)
-- Spec: semantics 12.4, 12.5 (platform v5 §1.1); API scenes matching, allows.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = {
    { id = "library", allows = function(_, event) return event:find("library", 1, true) ~= nil end },
    { id = "compose", matching = { "compose" },
      on_url = function(w, url) w.storage.to = sim.url(url).query.to return true end },
    { id = "viewer", kind = "window", matching = { "view" } },
    { id = "never", matching = { "" } },
  },
}
assert(app.front.group == "library", "the first scene of the body opens at launch")
print(app:open_url("mail://compose?to=ada"), app.front)
-- Case does not count: "COMPOSE" contains "compose".
print(app:open_url("mail://COMPOSE?to=bob"), app.front)
print(app:open_url("mail://composé?to=cy"), app.front)
-- A Window scene is a candidate while it is not open; once open, it is not: the link falls to
-- the first scene without matching, library, though its views allow only library links.
print(app:open_url("mail://view/1"), app.front)
print(app:open_url("mail://view/2"), app.front)
-- The library window allows its own links.
print(app:open_url("mail://library/inbox"), app.front)
