-- Past 9999.999 s, or at an instant with microseconds, the time column widens once; every later line aligns
-- Spec: scenarios/README.md "The trace"
-- The time column is 8 wide. The first line whose time needs more widens it for the rest of the
-- run (lines before it keep their bytes), so a long run's lines stay in columns, as a user
-- reading a day of app life (86,400 s) expects.
local app = sim.launch { platform = "ipados", scenes = { { id = "main" } } }
sim.settle()
sim.log("before the boundary")
sim.advance(9999)
sim.log("at 9999.500 s: still 8 columns")
sim.advance(1)
sim.log("at 10000.500 s: 9 columns from here on")
app:background()
sim.advance(89999.5)
sim.log("a day and more: 10 columns from here on")
app:foreground()
sim.advance(0.000250)
sim.log("an instant with microseconds: 13 columns from here on")
sim.advance(0.99975)
sim.log("back on a whole millisecond: still 13 columns (it snapped back to 10)")
app:background()
app:terminate("system")
