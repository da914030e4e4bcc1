-- When the server is slower than min_loading, loading lasts until its answer arrives
-- Spec: semantics 4.5; config auth_latency.
local app = sim.launch { platform = "ipados", session = { user = "ada" }, auth_latency = 1.5, min_loading = 0.5 }

sim.advance(1)
assert(app.state == "loading", "min_loading is over but the server has not answered")
sim.settle()
assert(app.state == "authenticated(ada)" and sim.now() == 1.5, "authenticated when the answer arrives")
print("authenticated at", sim.now(), "s")
