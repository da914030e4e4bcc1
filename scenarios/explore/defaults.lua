-- Explores @AppStorage: a setting written through app.defaults survives every termination
-- Spec: semantics 8.1; API app.defaults, sim.gen, scenesim explore.
-- Run: scenesim explore scenarios/explore/defaults.lua
local theme, launches = nil, 0

return {
  setup = function()
    local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "settings", kind = "window" } } }
    -- A launch counter kept the way an app keeps it: on each launch, in defaults.
    app:on("phase", function(old)
      if old == "background" and app.defaults.counted ~= app.launches then
        app.defaults.counted = app.launches
        launches = launches + 1
      end
    end)
    return app
  end,
  rules = {
    set_theme = {
      pre = function(app) return app.running end,
      args = { value = sim.gen.one_of { "dark", "light", "auto" } },
      run = function(app, a)
        app.defaults.theme = a.value
        theme = a.value
      end,
    },
  },
  invariants = {
    theme_survives = function(app)
      return app.defaults.theme == theme, "app.defaults.theme is " .. tostring(app.defaults.theme)
        .. ", but " .. tostring(theme) .. " was written"
    end,
    each_launch_counted_once = function(app)
      return launches <= app.launches, launches .. " launches counted, " .. app.launches .. " made"
    end,
  },
}
