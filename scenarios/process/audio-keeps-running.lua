-- Does my workout app get suspended when the user locks the screen while it plays audio?
-- Answer: not while it plays: with "audio" in its background modes, app:keep_running keeps it
-- running in the background, its timers firing on time and no background-time limit ending it;
-- once it stops playing it is suspended after suspend_after, as any app.
-- Spec: semantics 11.9 (platform-v5 §2.2), 11.2.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "workout" } },
  model = {
    name = "workout",
    states = { ready = {} },
    initial = "ready",
    background_modes = { "audio" },
    intents = {
      start = function(app)
        app:keep_running("playing the workout mix")
        local function lap(a)
          a.memory.laps = (a.memory.laps or 0) + 1
          a:after(120, lap)
        end
        app:after(120, lap)
      end,
      stop = function(app) app:stop_running() end,
    },
  },
}
app:start()
app:background()                                 -- the user locks the screen
sim.advance(600)                                 -- ten minutes of workout in the background
print("after ten minutes:", app.suspended, app.memory.laps, app.background_time_remaining)

app:stop()                                       -- the workout ends: the audio stops
sim.advance(4)
print("4 s later:", app.suspended)
sim.advance(1)
print("5 s later:", app.suspended, app.memory.laps)
