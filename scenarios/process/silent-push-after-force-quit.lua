-- Does my silent-push sync still run after the user force-quits the app?
-- Answer: no. A push to an app the system killed launches it in the background and on_push
-- syncs, the app suspending once the sync ends its task; after the user swipes the app away in
-- the switcher, pushes are dropped (traced) until the user opens it again. An app without the
-- "remote-notification" background mode never gets them at all.
-- Spec: semantics 11.8 (platform-v5 §2.1), 11.4.
local app = sim.launch {
  platform = "iphone",
  scenes = { { id = "inbox" } },
  model = {
    name = "mail",
    states = { ready = {} },
    initial = "ready",
    background_modes = { "remote-notification" },
    on_launch = function(app) sim.log("on_launch, windows", #app.windows) end,
    on_push = function(app, info, task)
      print("on_push:", info.mailbox, task, app.phase, app.background_time_remaining)
      app:after(2, function(a)                  -- the fetch answers: the completion handler
        a.defaults.synced = (a.defaults.synced or 0) + 1
        task:finish()
      end)
    end,
  },
}
-- In the foreground the push's task costs no background time.
sim.system.push(app, { mailbox = "inbox" })
sim.advance(2)

-- Killed by the system while in the background: the push launches it in the background.
app:background()
app:terminate("system")
sim.advance(60)
sim.system.push(app, { mailbox = "inbox" })
sim.advance(5)
print("after the push launch:", app.running, app.suspended, #app.windows, app.defaults.synced)

-- The user force-quits it from the switcher: the next push is dropped.
app:foreground()
app:terminate("user")
sim.system.push(app, { mailbox = "inbox" })
print("after the force quit:", app.running, app.defaults.synced)

-- Once the user opens the app again, pushes reach it, suspended or not.
app:launch()
app:background()
sim.advance(10)
sim.system.push(app, { mailbox = "inbox" })
sim.advance(5)
print("after the relaunch:", app.suspended, app.defaults.synced)
