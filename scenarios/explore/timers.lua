-- Explores a debounced save with app:after: a timer dies with its process, and settles otherwise
-- Spec: semantics 8.3; API app:after, task:cancel, sim.gen, scenesim explore.
-- Run: scenesim explore scenarios/explore/timers.lua
local save, made_in

return {
  setup = function()
    return sim.launch { scenes = { { id = "main" } } }
  end,
  rules = {
    -- Each edit restarts a two-second timer that copies the text to defaults.
    edit = {
      weight = 3,
      -- A suspended app runs no code: nobody edits until it resumes.
      pre = function(app) return app.running and not app.suspended and app.front ~= nil end,
      args = { text = sim.gen.one_of { "h", "hi", "hi!" }, delay = sim.gen.float(0.5, 3) },
      run = function(app, a)
        if save and save.status == "pending" then save:cancel() end
        app.front.storage.text = a.text
        save = app:after(a.delay, function(running) running.defaults.saved = a.text end)
        made_in = app.launches
      end,
    },
  },
  invariants = {
    -- A timer of an ended process never stays pending.
    timer_ends_with_its_process = function(app)
      if save and save.status == "pending" then
        return app.running and app.launches == made_in, "a timer of launch " .. tostring(made_in) .. " is still pending"
      end
    end,
  },
  eventually = {
    -- After settling, the last edit's timer has run, been cancelled, or ended with its process,
    -- or it waits for a suspended app to resume (semantics 11.2).
    no_timer_left = function(app)
      return save == nil or save.status ~= "pending" or app.suspended, "a timer is still pending after settling"
    end,
  },
}
