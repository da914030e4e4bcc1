-- A background task finishes in time; another outlives its 30 s and the watchdog ends the process
-- Spec: semantics 11.3, 5.1, 5.4.
local app = sim.launch { platform = "iphone" }
sim.settle()

-- Begun in the foreground it costs nothing until the app leaves.
local upload = app:begin_background_task("upload", function(a)
  a.defaults.upload_state = "expired"
end)
print(upload, upload.status, app.background_time_remaining)
app:background()
sim.advance(8)
print("at 8 s in the background: suspended =", app.suspended, "remaining =", app.background_time_remaining)
print("finish:", upload:finish(), "again:", upload:finish())
-- The grace of 5 s is spent: suspension follows at once.
print("suspended:", app.suspended, upload.status)
app:foreground()

-- A sync that never finishes: its handler runs at 25 s (5 s before the end), the watchdog at 30 s.
local w = app.front
w.storage.tab = 1                                  -- saved on the way to the background
local sync = app:begin_background_task("sync", function(a, task)
  print("expiration handler:", task, task.status, a.background_time_remaining)
end)
app:background()
w.storage.tab = 2                                  -- written after the save: lost with the process
sim.advance(40)
print("running:", app.running, sync.status, upload.status)
print(pcall(function() return sync:finish() end))
print(pcall(function() return app:begin_background_task("late") end))

-- The watchdog keeps restoration data as a system kill does; the unsaved write is gone.
app:launch()
print("restored:", app.front.id, app.front.storage.tab)
