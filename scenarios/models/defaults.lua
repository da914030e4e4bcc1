-- app.defaults (UserDefaults) are written through at each write: every kind of termination keeps them
-- Spec: semantics 8.1; API app.defaults.
local app = sim.launch { scenes = { { id = "main" } } }
sim.settle()

-- A launch counter and a setting, as an app keeps them with @AppStorage.
local function count_launch()
  app.defaults.launches = (app.defaults.launches or 0) + 1
end
count_launch()
app.defaults.theme = "dark"
app.defaults.zoom = 1.0
print(app.defaults)

-- Unlike SceneStorage written since its last save, defaults survive a crash...
app.front.storage.draft = "unsaved"
app:terminate("crash")
print("after crash", app.defaults.theme, app.front)
app:launch()
count_launch()

-- ...a force quit, which discards restoration data...
app:terminate("user")
app:launch()
count_launch()

-- ...a system kill of the suspended app...
app:background()
app:terminate("system")
app:launch()
count_launch()

-- ...and a crash while still loading.
app:terminate("crash")
app:launch()
count_launch()
app:terminate("crash")
app:launch()
sim.settle()
assert(app.defaults.launches == 5, "every launch counted")
assert(math.type(app.defaults.zoom) == "float", "a float stays a float")

-- Keys come sorted from keys() and from pairs; removing a key writes nil.
app.defaults.theme = nil
print(table.concat(app.defaults:keys(), " "))
for key, value in pairs(app.defaults) do print(key, value) end

-- Readable while the app is not running; only a running app writes.
app:terminate("user")
print(app.defaults.launches, pcall(function() app.defaults.theme = "light" end))
