-- With the overlay (lib/cellar.lua), on the Mac: the delegate's launch registers the hourly
-- scheduler (Timer.scheduledTimer); the demo licence is checked only when the main Window
-- appears, so a demo that expires while the app stays open goes unnoticed; each Dock click
-- with no window visible runs applicationShouldHandleReopen, which registers the scheduler
-- again without invalidating the old timer, so the hourly check then runs twice an hour.
local cellar = require "cellar"
local app = sim.launch(cellar)
local main = app.windows[1]
print("launch", main, app.memory["Scheduler.registrations"], app.memory["License.checks"], app.memory["License.expired"])
app.defaults.demoDaysUsed = 8
sim.advance(3600)
print("an hour later", app.memory["Scheduler.checks"], "expired", app.memory["License.expired"])
main:minimize()
app:reopen()
print("reopened", app.memory["Scheduler.registrations"], app.defaults.reopens, "expired", app.memory["License.expired"])
sim.advance(3600)
print("two hours", app.memory["Scheduler.checks"])
