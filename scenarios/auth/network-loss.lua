-- Losing the network never logs the user out: validation is skipped with a warning (semantics 4.5; API sim.network)
local app = sim.launch { platform = "ipados", session = { user = "ada" } }
sim.settle()
assert(sim.network() == true, "the network starts up")

sim.advance(10)
assert(sim.network(false) == false, "sim.network(up) returns the new value")
app:background()
sim.advance(60)
app:foreground()
sim.settle()
assert(app.state == "authenticated(ada)", "still logged in, got " .. app.state)

-- Back online, the next activation validates normally.
sim.network(true)
app:interrupt()
app:resume()
sim.settle()
assert(app.state == "authenticated(ada)", "valid session")
print("state:", app.state, "network:", sim.network())
