-- Opening a notification brings the app forward (launching it if needed: on_launch, the
-- scenes connect and become active) and then runs the model's on_notification
-- Spec: semantics 12.7, 12.8, 12.9; API app:open_notification, on_notification.
local app = sim.launch {
  platform = "iphone",
  model = {
    states = { ready = {} }, initial = "ready",
    on_launch = function() print("on_launch") end,
    on_notification = function(app, info)
      print("on_notification", info.thread, app.phase, app.front.phase)
      app.front.storage.thread = info.thread
    end,
  },
}
app:background()
app:open_notification { thread = "t1" }
app:background()
app:terminate("system")
app:open_notification { thread = "t2" }
print(app.front.storage.thread)
