-- Question: does my image cache get cleared on a memory warning, and what does my app look like if
-- the system kills it right after?
-- Answer: on_memory_warning runs in the model, then in each window front to back, before
-- anything the system does next; a kill then loses app.memory and w.memory anyway, and the
-- relaunch restores the windows with their SceneStorage, their caches empty.
-- Spec: platform-v5 §2.5; semantics 11.10, 11.1, 5.4.
local app = sim.launch {
  platform = "ipados",
  scenes = {
    { id = "albums" },
    {
      id = "gallery",
      value = "string",
      memory = { "thumbnails" },
      keys = { "scroll" },
      -- The views' own cache (an NSCache in a view model): dropped on a warning.
      on_memory_warning = function(w)
        print("gallery " .. w.value .. " drops", #w.memory.thumbnails, "thumbnails")
        w.memory.thumbnails = nil
      end,
    },
  },
  model = {
    name = "photos",
    states = { browsing = {} },
    initial = "browsing",
    memory = { "image_cache" },
    on_launch = function(app) app.memory.image_cache = {} end,
    -- applicationDidReceiveMemoryWarning: the app-wide image cache.
    on_memory_warning = function(app)
      local count = 0
      for _ in pairs(app.memory.image_cache) do count = count + 1 end
      print("app drops", count, "cached images")
      app.memory.image_cache = {}
    end,
  },
}
sim.settle()
local beach = app:open_window("gallery", "beach")
local city = app:open_window("gallery", "city")
for _, w in ipairs { beach, city } do
  w.memory.thumbnails = { "1.jpg", "2.jpg" }
  w.storage.scroll = 40
end
app.memory.image_cache = { ["beach/1.jpg"] = 1, ["city/1.jpg"] = 2 }

-- The warning: the model first, then the windows, the front one (city) first; the albums
-- window's scene has no handler.
sim.system.memory_warning(app)
assert(app.memory.image_cache["beach/1.jpg"] == nil, "the app-wide cache is cleared")
assert(city.memory.thumbnails == nil, "each window's cache is cleared")

-- The user leaves; the app is suspended, so a second warning does not reach it (traced).
app:background()
sim.advance(10)
assert(app.suspended)
sim.system.memory_warning(app)

-- Memory stays short: the system kills the suspended app. The relaunch restores both windows
-- with their SceneStorage; what lived in memory is gone either way.
app:terminate("system")
print(pcall(sim.system.memory_warning, app))
app:launch()
sim.settle()
print("restored:", #app.windows, "windows, scroll", city.storage.scroll, "thumbnails", city.memory.thumbnails)
