-- A background task begun without an expiration handler: at the warning the trace says it has
-- none, the task runs on, and the watchdog ends the app when the background time is up
-- Spec: semantics 11.3.
local app = sim.launch { platform = "iphone" }
local upload = app:begin_background_task("upload")
local sync = app:begin_background_task("sync", function(_, task) task:finish() end)
app:background()
sim.advance(60)
print(upload.status, sync.status, app.running)
