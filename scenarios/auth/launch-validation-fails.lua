-- At launch an expired or unreachable stored session is cleared and the app starts unauthenticated (semantics 4.5)
-- First run: the stored session expired while the app was not running.
local app = sim.launch { platform = "iphone", session = { user = "ada", ttl = 60 } }
sim.settle()
assert(app.state == "authenticated(ada)", "valid at first")

app:background()
app:terminate("system")
sim.advance(120) -- two minutes later the token has expired
app:launch()
sim.settle()
assert(app.state == "unauthenticated", "expired at launch -> cleared -> unauthenticated, got " .. app.state)

-- Log in again, then launch without a network: the session is cleared too.
sim.advance(1)
app:login { user = "ada" }
app:background()
app:terminate("system")
sim.network(false)
app:launch()
sim.settle()
assert(app.state == "unauthenticated", "unreachable at launch -> unauthenticated, got " .. app.state)
print("final:", app.state, "network up:", sim.network())
