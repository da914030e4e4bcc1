-- On the Mac a scene with on_url but no handlesExternalEvents gets a new window for every link
-- (the classic bug): the window that was open never sees them
-- Spec: semantics 12.4, 12.5; API scenes on_url.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { {
    id = "reader",
    -- .onOpenURL: the link's path becomes the article the window shows
    on_url = function(w, url) w.storage.article = table.concat(sim.url(url).path, "/") return true end,
  } },
}
local first = app.front
app:open_url("news://article/1")
app:open_url("news://article/2")
print(#app.windows, "windows;", "the first shows", first.storage.article)
assert(#app.windows == 3, "the launch window and one new window per link")
