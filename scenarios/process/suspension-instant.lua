-- At the instant the app is to be suspended, its own work due then runs first: a timer that
-- fires at the suspension moment and sets another for the same instant sees both run, then
-- the app is suspended; a timer set for later waits for the resume
-- Spec: semantics 11.2.
local app = sim.launch { platform = "iphone" }
app:background()
app:after(5, function(a)
  print("saving at " .. sim.now())
  a:after(0, function() print("saved at " .. sim.now()) end)
  a:after(1, function() print("synced at " .. sim.now()) end)
end)
sim.advance(10)
assert(app.suspended)
app:foreground()
