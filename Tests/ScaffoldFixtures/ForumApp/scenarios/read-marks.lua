-- With the overlay (lib/forum.lua): read marks queued by a thread window's onAppear reach the
-- server when the app goes to the background, because the App's phase handler flushes them
-- under a background task that outlives the 0.4 s request; the same handler asks for a refresh
-- 900 s ahead, whose registered handler runs at the system's refresh.
local forum = require "forum"
local app = sim.launch(forum)
print("link", app:open_url("forum://thread/7"))
print("queued", app.front, app.memory["ReadQueue.pending"], app.defaults.lastThread)
app:background()
print("flushed", app.memory["ReadQueue.flushing"], app.memory["ReadQueue.pending"], app.memory["ReadQueue.sent"])
sim.advance(3)
sim.advance(900)
sim.system.refresh(app)
print("refreshes", app.memory["ReadQueue.refreshes"], app.memory["ReadQueue.launches"])
