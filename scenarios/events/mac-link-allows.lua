-- On the Mac, a scene that allows every link keeps them in the front window; prefers sends a
-- link to the window already showing it, in front or not
-- Spec: semantics 12.3, 12.5; API scenes allows, prefers, on_url.
local app = sim.launch {
  platform = "macos",
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { {
    id = "reader", value = "string",
    -- .handlesExternalEvents(preferring: [its article], allowing: ["*"])
    prefers = function(w, event) return w.value ~= nil and sim.url(event).path[1] == w.value end,
    allows = function() return true end,
    on_url = function(w, url) w.storage.opened = sim.url(url).path[1] return true end,
  } },
}
local first = app.front
app:open_url("news://article/intro")
assert(#app.windows == 1 and first.storage.opened == "intro", "the front window allowed it")

-- Two windows for two articles; the link to the one behind goes to it, which comes to the front.
local a = app:open_window("reader", "a")
local b = app:open_window("reader", "b")
assert(app.front == b)
app:open_url("news://article/a")
assert(app.front == a and a.storage.opened == "a", "the window that prefers it, though not in front")
-- No window prefers "c": the front one allows it.
app:open_url("news://article/c")
assert(app.front == a and a.storage.opened == "c" and #app.windows == 3, "no new window")
