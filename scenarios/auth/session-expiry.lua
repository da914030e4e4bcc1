-- When the app becomes active, an expired session moves the app to error(sessionExpired) (semantics 1.4, 4.5)
local app = sim.launch { platform = "ipados", session_ttl = 600 }
sim.settle()
sim.advance(1)
app:login { user = "ada" }

-- The user leaves for a while; the session's ten minutes run out meanwhile.
sim.advance(10)
app:background()
sim.advance(900)
app:foreground() -- -> active: the handler validates the session
assert(app.state == "authenticated(ada)", "the answer takes auth_latency")
sim.settle()
assert(app.state == "error(sessionExpired)", "expired -> error(sessionExpired), got " .. app.state)

sim.advance(1)
app:logout()
print("after logout:", app.state)
