-- A session already in the keychain is validated at launch (auth_latency) and the loading state lasts min_loading
-- Spec: semantics 4.5.
local app = sim.launch {
  platform = "ipados",
  session = { user = "ada", ttl = 3600 },
  auth_latency = 0.2,
  min_loading = 0.5,
}
assert.equal("loading", app.state)

-- The server answers after 0.2 s, but loading stays on screen until 0.5 s.
sim.advance(0.3)
assert(app.state == "loading", "still loading at 0.3 s although validation finished")
sim.settle()
assert(app.state == "authenticated(ada)" and sim.now() == 0.5, "authenticated at min_loading")

print("authenticated at", sim.now(), "s")
