-- A Mac app is never suspended: a timer armed on hiding fires at its time, and no background time is counted
-- Spec: semantics 11.2.
local app = sim.launch { platform = "macos" }
sim.settle()
app:after(60, function() sim.log("fired at", sim.now()) end)
app:background()
sim.advance(120)
print("suspended:", app.suspended, "remaining:", app.background_time_remaining)
app:terminate("user")
