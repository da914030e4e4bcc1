-- With the overlay (lib/cellar.lua), on the Mac: the delegate's launch registers the hourly
-- scheduler (Timer.scheduledTimer) and the App body's onAppear on the main window counts it; the
-- licence check asks whether the receipt is an App Store one (a type test: an effect the overlay
-- could answer, nil here so the check goes on); the demo licence is checked only when the main Window
-- appears, so a demo that expires while the app stays open goes unnoticed; each Dock click
-- runs applicationShouldHandleReopen (a minimised window counts as visible, so it returns false
-- and the window stays in the Dock), which registers the scheduler again without invalidating
-- the old timer, so the hourly check then runs twice an hour.
local cellar = require "cellar"
local app = sim.launch(cellar)
local main = app.windows[1]
print("launch", main, app.memory["Scheduler.registrations"], app.memory["License.checks"],
  app.memory["License.expired"], app.memory["Scheduler.windowAppearances"])
app.defaults.demoDaysUsed = 8
sim.advance(3600)
print("an hour later", app.memory["Scheduler.checks"], "expired", app.memory["License.expired"])
main:minimize()
app:reopen()
print("reopened", app.memory["Scheduler.registrations"], app.defaults.reopens, "expired", app.memory["License.expired"])
sim.advance(3600)
print("two hours", app.memory["Scheduler.checks"])
