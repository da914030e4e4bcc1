-- From an error the user retries: error -> loading, and initialization runs again
-- Spec: semantics 4.5; API app:retry, app:logout.
local app = sim.launch { platform = "ipados" }
sim.settle()
sim.advance(1)

-- Logging in without a network ends in error(networkUnavailable).
sim.network(false)
app:login { user = "ada" }
assert(app.state == "error(networkUnavailable)", "no network -> error, got " .. app.state)

sim.advance(2)
sim.network(true)
app:retry()
assert(app.state == "loading", "retry goes back to loading")
sim.settle()
assert(app.state == "unauthenticated", "no stored session -> unauthenticated, got " .. app.state)

-- From an error, logout is the other way out.
sim.advance(1)
app:transition("error(maintenanceMode)")
sim.advance(1)
app:logout()
assert(app.state == "unauthenticated", "logout leaves the error")
for _, t in ipairs(app.history) do print(t.at, t.from, "->", t.to) end
