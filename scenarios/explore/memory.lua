-- Explores memory warnings and updates: a warning empties the image cache, an update drops what
-- 2.0 cannot read
-- Spec: semantics 11.8, 5.6, 11.1; API sim.system.memory_warning, app:update, sim.gen, scenesim explore.
-- Run: scenesim explore scenarios/explore/memory.lua
local warned = false

return {
  setup = function()
    warned = false
    return sim.launch {
      platform = "iphone",
      scenes = {
        {
          id = "main",
          keys = { "a", "b" },
          on_memory_warning = function(w) w.memory.thumbnails = nil end,
        },
      },
      model = {
        name = "gallery",
        states = { ready = {} },
        initial = "ready",
        on_launch = function(app) app.memory.cache = 0 end,
        on_memory_warning = function(app)
          app.memory.cache = 0
          warned = true
        end,
        -- 2.0 reads no string 1.0 wrote: it drops them; numbers and booleans it keeps.
        on_restore_value = function(_, _, value)
          if type(value) == "string" then return nil end
          return value
        end,
      },
    }
  end,
  rules = {
    -- The app caches an image (a suspended app runs no code).
    cache_image = {
      pre = function(app) return app.running and not app.suspended end,
      run = function(app)
        app.memory.cache = app.memory.cache + 1
        warned = false
      end,
    },
  },
  invariants = {
    -- After a warning the cache holds nothing until the app caches again.
    warning_empties_cache = function(app)
      return not (warned and app.running and app.memory.cache ~= 0), "the cache holds images after a memory warning"
    end,
    version_is_installed_one = function(app)
      return app.version == "1.0" or app.version == "2.0", "app.version is " .. tostring(app.version)
    end,
  },
}
