-- Cold launch: the first scene connects inactive -> active, then loading gives way to unauthenticated
-- Spec: semantics 1.5, 4.5, 5.4.
-- Rows: sim.launch, sim.now, sim.settle, app.running, app.launches, app.phase, app.state, app.windows, app.front.
local app = sim.launch { platform = "ipados", min_loading = 0.5 }

-- Launch does its synchronous work before returning: the primary window is on screen and active.
assert(app.running, "the app runs after sim.launch")
assert(app.launches == 1, "first launch")
assert(app.phase == "active", "cold launch ends active, got " .. app.phase)
assert(#app.windows == 1 and app.front == app.windows[1], "one window, in front")
assert(app.front.id == "main#1" and app.front.phase == "active", "the primary group's first window")

-- The AppStateController starts at loading and stays there for at least min_loading.
assert(app.state == "loading", "loading first, got " .. app.state)
assert(sim.now() == 0, "the clock has not moved")

-- No stored session: initialization ends in unauthenticated once min_loading has passed.
sim.settle()
assert(sim.now() == 0.5, "settled at min_loading, got " .. sim.now())
assert(app.state == "unauthenticated", "no stored session -> unauthenticated, got " .. app.state)
print("after settle:", sim.now(), app.state, app.phase)
