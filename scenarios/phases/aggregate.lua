-- The app phase is an aggregate: active if any scene is active, background only when all are (semantics 1.1, 1.3, 1.4)
local app = sim.launch { platform = "visionos" }
sim.settle()
local main = app.front
local second = app:open_window("main")

local aggregate_changes = 0
app:on("phase", function() aggregate_changes = aggregate_changes + 1 end)

-- One of two scenes leaves: it has its own phase, the app stays active, the handler does not run.
second:background()
assert(second.phase == "background" and main.phase == "active", "each scene has its own phase")
assert(app.phase == "active", "one active scene keeps the app active")
assert(aggregate_changes == 0, "no aggregate change, no handler run")

-- The other one goes inactive: no scene is active and not all are background -> inactive.
app:interrupt()
assert(app.phase == "inactive", "inactive + background aggregate to inactive, got " .. app.phase)
app:resume()

-- Both in background: the aggregate is background.
main:background()
assert(app.phase == "background", "all background -> background, got " .. app.phase)
assert(aggregate_changes == 4, "interrupt, resume, then two steps down: 4 changes, got " .. aggregate_changes)
print("aggregate changes:", aggregate_changes)
