-- Why was my user logged out "for no reason" overnight, and what fixes it?
-- Answer: the system launched the app in the background while the phone was locked (here a
-- silent push, then a prewarm; a refresh does the same). Its launch code read the keychain, and a
-- token stored with the default class (when_unlocked) reads as missing while the device is
-- locked, so the app decided nobody was logged in, though the token is still there. Storing it
-- with accessible = "after_first_unlock" fixes the launches made while the phone is locked after
-- it has been unlocked once; before the first unlock after a reboot nothing in the keychain
-- reads, so there the app must not take "no token" for "logged out" (app.protected_data says
-- whether it can know; on_protected_data tells it when it can).
-- Spec: semantics 8.6, 11.8, 11.11, 4.5; platform v5 2.1, 2.3.
local app = sim.launch {
  platform = "iphone",
  policy = { first_unlock = false },   -- the phone rebooted overnight and is not unlocked yet
  session_ttl = 30 * 86400,           -- sessions last a month
  session = { user = "ada" },          -- ada's token, stored as app:login stores it (when_unlocked)
}
-- sim.launch always makes a user launch; the system ends it in the background: the story starts
-- with the app not running (not force-quit: the system launches a force-quit app for no push).
app:background()
app:terminate("system")

-- Night 1, after the reboot: a silent push (the built-in model declares remote-notification)
-- launches the app in the background before the first unlock.
sim.advance(3600)
print("protected data:", app.protected_data, "token:", app.keychain)
sim.system.push(app, { sync = "inbox" })
print("after the push launch:", app.state)
sim.advance(1)
-- Morning: ada unlocks the phone and opens the app (the push's process comes forward).
sim.system.unlock(app)
app:foreground()
sim.settle()
print("morning 1:", app.state, "token now readable:", app.keychain ~= nil)

-- ada logs in again. Night 2: the phone is locked (unlocked once since the reboot) and the
-- system prewarms the app again: the default class still reads as missing.
app:login { user = "ada" }
app:background()
sim.system.lock(app)
app:terminate("system")
sim.advance(3600)
sim.system.prewarm(app)
sim.advance(1)
sim.system.unlock(app)
app:launch()
sim.settle()
print("morning 2:", app.state)

-- The fix: store the token so that it reads after the first unlock. Night 3: locked again, a
-- silent push launches the app in the background, and its launch code finds the token.
app:login { user = "ada" }
app.keychain = { token = app.keychain, accessible = "after_first_unlock" }
app:background()
sim.system.lock(app)
app:terminate("system")
sim.advance(3600)
print("locked:", app.protected_data, "token:", app.keychain ~= nil)
sim.system.push(app, { sync = "inbox" })
sim.advance(1)
sim.system.unlock(app)
app:foreground()
sim.settle()
print("morning 3:", app.state)

-- Writing a when_unlocked item while locked fails, as SecItemAdd does.
app:background()
sim.system.lock(app)
print(pcall(function() app.keychain = sim.server.create_session("ada") end))
