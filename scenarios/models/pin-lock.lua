-- An app of your own: a PIN-locked notes app whose model is declared in the scenario
-- Spec: semantics 10.1-10.4, 9.1, 8.1; API model, app.defaults, app:after.
local Notes = {
  states = {
    loading = { loading = true },
    locked = {},
    unlocked = {},
    failed = { arg = { "too_many_attempts" } },
  },
  initial = "loading",
  transitions = {
    loading = { "locked", "unlocked" },
    locked = { "unlocked", "failed" },
    unlocked = { "locked" },
    failed = { "locked" },
  },
  -- The App's init: a PIN set before means the notes open locked.
  on_launch = function(app)
    app:after(0.3, function(a) a:transition(a.defaults.pin and "locked" or "unlocked") end)
  end,
  -- Leaving the screen locks the notes, as the App's .onChange(of: scenePhase) would.
  on_phase = function(app, _, new)
    if new == "background" and app.state == "unlocked" and app.defaults.pin then app:transition("locked") end
  end,
  intents = {
    set_pin = function(app, pin) app.defaults.pin = pin end,
    unlock = function(app, pin)
      if pin == app.defaults.pin then return app:transition("unlocked") end
      app.defaults.attempts = (app.defaults.attempts or 0) + 1
      if app.defaults.attempts >= 3 then
        app:transition("failed(too_many_attempts)")
        app:after(30, function(a) a.defaults.attempts = nil; a:transition("locked") end)
      end
      return false
    end,
  },
}

local app = sim.launch { platform = "iphone", model = Notes }
sim.settle()
assert.equal("unlocked", app.state)
app:set_pin("1234")
sim.advance(1)

-- Leaving the app locks it; the PIN survives a system kill (it is in UserDefaults).
app:background()
assert.equal("locked", app.state)
app:terminate("system")
app:launch()
sim.settle()
assert.equal("locked", app.state)
sim.advance(1)

-- Three wrong PINs lock the app out for 30 s; the right one then opens it.
print(app:unlock("0000"), app:unlock("1111"), app:unlock("2222"), app.state)
print(pcall(app.unlock, app, "1234"))
sim.advance(31)
print(app:unlock("1234"), app.state)

-- A transition the table does not allow is refused and recorded.
print(app:transition("failed(too_many_attempts)"))
