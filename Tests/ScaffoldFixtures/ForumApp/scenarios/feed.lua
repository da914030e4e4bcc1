-- The unedited generated module alone: the feed's Timer.publish ticks every 60 s; a sort link
-- changes the window's SceneStorage and the .task(id: sort) runs again, its pending prefetch of
-- the old sort cancelled; `if case .user(let name)` and a switch over Route's associated values
-- route the links; every link opens a new iPad window (no scene prefers or allows it); a
-- notification the user opens runs the delegate's didReceive.
local forum = require "forum_generated"
local app = sim.launch(forum)
local main = app.windows[1]
sim.advance(60)
print("ticks", main.memory.ticks, "loads", main.memory.loads)
app:open_url("forum://sort/new")
local sorted = app.front
print("sort", sorted, sorted.storage["feed.sort"], sorted.memory.loads)
sim.advance(5)
app:open_url("forum://user/alice")
print("user", app.front, app.front.storage["feed.lastUser"])
app:open_url("forum://thread/3")
print("thread", app.front, app.memory["ReadQueue.pending"])
app:open_url("forum://close")
app:open_notification({ thread = 12 })
print("notification", app.memory["ReadQueue.openedFromNotification"], app.defaults.lastThread)
