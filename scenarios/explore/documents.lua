-- Explores a document app on iPadOS: windows by value, deep links, storage, every termination
-- Spec: semantics 1.3, 2.1-2.3, 5.4; API sim.gen, scenesim explore.
-- Run: scenesim explore scenarios/explore/documents.lua
local opened = {}

return {
  setup = function()
    return sim.launch {
      scenes = { { id = "main" }, { id = "doc", value = "string" } },
      routes = { doc = "doc" },
    }
  end,
  rules = {
    -- Opening a document the user picks from a list: as open_window, and the model keeps count.
    pick_doc = {
      weight = 2,
      pre = function(app) return app.running end,
      args = { name = sim.gen.one_of { "A", "B", "C", "D" } },
      run = function(app, a)
        local w = app:open_window("doc", a.name)
        opened[a.name] = w
      end,
    },
  },
  invariants = {
    -- The window a document opened in still presents it, or is gone.
    picked_window_presents_its_document = function()
      for name, w in pairs(opened) do
        if w.alive and w.value ~= name then
          return false, tostring(w) .. " was opened for " .. name
        end
      end
    end,
    front_is_first = function(app)
      return app.front == app.windows[1], "app.front is not the first of app.windows"
    end,
  },
  eventually = {
    -- Once the clock has run out of work, a running app has finished loading, unless it was
    -- launched in the background and suspended: its loading waits for it to resume.
    done_loading = function(app)
      return not app.running or app.suspended or app.state ~= "loading", "still loading after settling"
    end,
  },
}
