-- A loading screen on screen shorter than flicker_threshold traces a flicker warning naming it and its
-- duration (semantics 4.7); other states are the app's own screens, which may change as fast as the user does
local app = sim.launch { platform = "ipados", min_loading = 0, policy = { flicker_threshold = 0.25 } }
-- min_loading = 0: the launch screen flashes for no time at all.
sim.settle()

-- A login 0.1 s after the login screen appeared: no warning, the login screen is no loading screen.
sim.advance(0.1)
app:login { user = "ada" }

-- Long enough on screen: no warning.
sim.advance(10)
app:logout()
print("state:", app.state)
