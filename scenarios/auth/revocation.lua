-- A session revoked on the server (logged out on another device) ends in error(sessionExpired) at the next activation
-- Spec: semantics 4.5; API sim.server.revoke.
local app = sim.launch { platform = "macos", session = { user = "ada" } }
sim.settle()
assert.equal("authenticated(ada)", app.state)

sim.advance(30)
sim.server.revoke("ada") -- the user logs out on their phone
assert(app.state == "authenticated(ada)", "nothing happens until the app checks")

app:interrupt()
app:resume() -- becomes active again: validate
sim.settle()
assert(app.state == "error(sessionExpired)", "revoked -> error(sessionExpired), got " .. app.state)

sim.advance(1)
app:retry() -- the stored session is no good: initialization clears it
sim.settle()
assert(app.state == "unauthenticated", "retry with a revoked session -> unauthenticated, got " .. app.state)
print("final:", app.state)
