-- sim.launch declares the app only once; relaunching goes through app:launch(); ends in that error
-- expect: error
-- Spec: API sim.launch.
local app = sim.launch { platform = "ipados" }
sim.settle()
app:background()
app:terminate("system")

sim.launch { platform = "ipados" } -- error: use app:launch()
