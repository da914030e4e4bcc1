-- Explores an iPhone app woken by silent pushes and background transfers, which plays audio
-- that keeps it running in the background
-- Spec: semantics 11.8, 11.9; API sim.system.push, sim.system.transfer_done, app:keep_running.
-- Run: scenesim explore scenarios/explore/background.lua
local Player = {
  name = "player",
  states = { ready = {} },
  initial = "ready",
  background_modes = { "remote-notification", "audio" },
  -- The sync a push starts answers after a second, then ends the push's task.
  on_push = function(app, _, task)
    app:after(1, function(a)
      a.defaults.syncs = (a.defaults.syncs or 0) + 1
      task:finish()
    end)
  end,
  on_transfer = function(app, name, task)
    app.defaults.last_transfer = name
    task:finish()
  end,
  intents = {
    play = function(app)
      app.memory.playing = true
      app:keep_running("playing")
    end,
    pause = function(app)
      app.memory.playing = nil
      app:stop_running()
    end,
  },
}

return {
  setup = function()
    return sim.launch { platform = "iphone", model = Player, scenes = { { id = "main" } } }
  end,
  rules = {
    play = { pre = function(app) return app.running and not app.suspended end, run = function(app) app:play() end },
    pause = { pre = function(app) return app.running and not app.suspended end, run = function(app) app:pause() end },
  },
  invariants = {
    -- While it plays, the app is never suspended.
    playing_is_never_suspended = function(app)
      if app.running and app.memory.playing then
        return not app.suspended, "the app is suspended while it plays"
      end
    end,
  },
}
