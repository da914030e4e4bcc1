-- A deep link or a notification that resumes a suspended app reaches its code after what fell
-- due while it was suspended: an auto-lock timer that fell due has locked the app before the
-- link is handled, as a background refresh's on_refresh sees it too
-- Spec: semantics 11.2, 12.9.
local app = sim.launch {
  platform = "iphone",
  model = {
    states = { unlocked = {}, locked = {} },
    initial = "unlocked",
    transitions = { unlocked = { "locked" }, locked = { "unlocked" } },
    on_url = function(a, url)
      print("on_url sees the app " .. a.state .. " (" .. url .. ")")
      return true
    end,
    on_notification = function(a) print("on_notification sees the app " .. a.state) end,
  },
}
-- Locks 60 s after it was set; the app is suspended 5 s into the background.
local function auto_lock() app:after(60, function(a) a:transition("locked") end) end
auto_lock()
app:background()
sim.advance(300)
app:open_url("app://secret")
assert.equal("locked", app.state)

sim.advance(1)  -- the user unlocks it a second later
app:transition("unlocked")
auto_lock()
app:background()
sim.advance(300)
app:open_notification { id = 1 }
assert.equal("locked", app.state)
