-- An iPhone app suspended at 5 s in the background: its 60 s auto-lock timer fires late, on return
-- Spec: semantics 11.2.
local app = sim.launch {
  platform = "iphone",
  model = {
    name = "locker",
    states = { unlocked = {}, locked = {} },
    initial = "unlocked",
    transitions = { unlocked = { "locked" } },
  },
}
-- An auto-lock after 60 s and an autosave after 2 s, both armed on the way out.
app:on("phase", function(_, new)
  if new == "background" then
    app:after(2, function() app.defaults.autosaved_at = sim.now() end)
    app:after(60, function() app:transition("locked") end)
  end
end)
app:background()
print("remaining at once:", app.background_time_remaining)
sim.advance(4)
print("at 4 s: suspended =", app.suspended, "remaining =", app.background_time_remaining)
sim.advance(296)
print("at 300 s: suspended =", app.suspended, "state =", app.state, "remaining =", app.background_time_remaining)

-- Reads are allowed while suspended; the app's own code is not.
print("read:", app.defaults.autosaved_at, app.front.storage.missing)
print(pcall(function() app.defaults.x = 1 end))
print(pcall(function() app:after(1, function() end) end))
print(pcall(function() return app:transition("locked") end))

-- The user returns: the phase changes first, then what fell due runs, once, at 300 s.
app:foreground()
print("after return:", app.suspended, app.state)
assert(app.state == "locked", "the auto-lock fired on return, not at 60 s")

