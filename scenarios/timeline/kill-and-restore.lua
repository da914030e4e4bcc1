-- The timeline of a system kill and relaunch: two windows keep their lanes across the process gap
-- golden: timeline
-- The golden holds `scenesim run --timeline - timeline/kill-and-restore.lua`: print output, then
-- one column per event, one row per lane; '.' marks where no process runs.
local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "integer" } } }
sim.settle()
local doc = app:open_window("doc", 1)
doc.storage.page = 3
app:background()
sim.advance(60)
app:terminate("system")
app:launch()
print("restored", tostring(app.front), "page", doc.storage.page)
app:open_url("app://nowhere")
app:terminate("crash")
app:launch()
