-- Operations on a terminated app say how and when it ended and to call app:launch(); ends in that error
-- expect: error
-- Spec: API app:terminate, app:launch.
local app = sim.launch { platform = "macos" }
sim.settle()
sim.advance(4)
app:background()
app:terminate("user")
app:open_window("main") -- error: the app was terminated (user) at 4.500 s
