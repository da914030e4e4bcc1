-- A generated module with an overlay: the trace shows each effect the app's code calls, and the
-- overlay gives the ones that matter behaviour. Read marks queued in memory are lost when the
-- system kills the app before the flush the window's background handler starts has finished.
-- Spec: behaviour-from-source 1, 2, 5; API sim.extend, app:effect, w:effect, model.effects.
local reader = require "reader"
local app = sim.launch(reader)
local w = app.windows[1]
print(app:open_url("reader://post/12"), w.storage.scrollPost, app.memory["ReadQueue.pending"])
app:open_url("reader://post/15")
app:background()                 -- the flush starts: 0.4 s to send two read marks
sim.advance(0.4)
app:foreground()
app:open_url("reader://post/16")
app:background()
app:terminate("system")          -- killed before the flush finished: the mark is lost
sim.network(false)
app:launch()                     -- the pull throws: the catch branch shows the banner
print(app.defaults.lastSync, app.memory["ReadQueue.pending"])
