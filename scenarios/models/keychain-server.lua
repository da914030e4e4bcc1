-- app.keychain is the built-in login's token; sim.server validates tokens on the clock, for the process that asked
-- Spec: semantics 8.2, 8.3, 4.5; API app.keychain, sim.server.create_session, sim.server.validate.
local app = sim.launch { scenes = { { id = "main" } } }
sim.settle()
print("keychain", app.keychain)

-- app:login stores a token; it is what app.keychain reads, and logout clears it.
sim.advance(1)
app:login { user = "ada" }
local ada = app.keychain
print("after login", ada)
sim.advance(1)
app:logout()
print("after logout", app.keychain)

-- The server answers auth_latency later, judged when it answers.
local function report(answer, user) print("answer", answer, user, sim.now()) end
sim.server.validate(ada, report)           -- ended by the logout: revoked
local grace = sim.server.create_session("grace")
local brief = sim.server.create_session("bob", 0.1)
sim.server.validate(grace, report)
sim.server.validate(brief, report)         -- expires before the answer
sim.settle()
sim.network(false)
sim.server.validate(grace, report)         -- the device cannot reach the server
sim.settle()
sim.network(true)

-- A token stored by the app is what the next launch validates: grace is logged in.
app.keychain = grace
app:background()
app:terminate("system")
app:launch()
sim.settle()
print("state", app.state)

-- An answer belongs to the process that asked: a crash drops it.
sim.server.validate(grace, function() print("never printed") end)
app:terminate("crash")
sim.settle()
print("keychain survives", app.keychain == grace)
