-- A tour of scenesim: windows, SceneStorage, login, the system killing the app, and restoration
-- Run it with: scenesim run scenarios/tour.lua. Every line of the trace shows the virtual time,
-- who it is about (the app, a window "group#n", auth) and what happened.

-- 1. Declare the app and cold-launch it on an iPad: a list of windows and a link route.
local app = sim.launch {
  platform = "ipados",
  scenes = {
    -- WindowGroup(id: "main"), the first scene; it takes links (.handlesExternalEvents allowing "*"),
    -- else SwiftUI would open a new main window for each one
    { id = "main", allows = function() return true end },
    { id = "doc", value = "integer" },   -- WindowGroup(id: "doc", for: Int.self)
  },
  routes = { doc = "doc" },              -- app://doc/<n> opens a doc window
  session_ttl = 1800,                    -- a login lasts half an hour
}
sim.settle() -- run the clock until initialization is done: the login screen shows
sim.log("the login screen is up; the user types for two seconds")
sim.advance(2)

-- 2. Log in. The shared AppStateController moves unauthenticated -> authenticated(ada).
app:login { user = "ada" }
assert.equal("authenticated(ada)", app.state)

-- 3. A deep link opens document 42 beside the main window; each window has its own phase.
app:open_url("app://doc/42")
local doc = app.front
doc.storage.scroll = 120   -- @SceneStorage("scroll") in that window only
print("windows:", tostring(app.windows[1]), tostring(app.windows[2]), "both", doc.phase)

-- Opening the same document again brings that window to the front instead of a duplicate.
local same, created = app:open_window("doc", 42)
assert(same == doc and not created)

-- 4. The user goes home. Scenes pass through inactive to background; storage is saved.
app:background()

-- 5. An hour later the system kills the suspended app to free memory...
sim.advance(3600)
app:terminate("system")

-- ...and the next launch restores both windows, with their values and storage. The login
-- session has expired by now, so initialization clears it.
app:launch()
sim.settle()
print("restored:", tostring(app.front), "scroll =", doc.storage.scroll, "state:", app.state)

-- 6. Logged out, a deep link is refused and changes nothing.
assert.equal(false, app:open_url("app://doc/7"))
