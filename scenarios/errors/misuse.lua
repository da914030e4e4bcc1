-- Misuse errors name the calling line, what was expected and what to do; a caught error leaves the simulation usable
-- Spec: API Conventions.
local app = sim.launch {
  platform = "ipados",
  scenes = { { id = "main" }, { id = "item", value = "integer" } },
}
sim.settle()
local w = app.front

local function expect_error(what, fn)
  local ok, message = pcall(fn)
  assert(not ok, what .. " should fail")
  print(what .. ":\n  " .. message)
end

expect_error("misspelled scene id", function() app:open_window("itme", 1) end)
expect_error("float for an integer value", function() app:open_window("item", 2.0) end)
expect_error("string for an integer value", function() app:open_window("item", "2") end)
expect_error("value for a group without one", function() app:open_window("main", "x") end)
expect_error("storing a table", function() w.storage.prefs = { dark = true } end)
expect_error("storing a function", function() w.storage.callback = print end)
expect_error("misspelled app field", function() return app.stat end)
expect_error("assigning an app field", function() app.state = "authenticated(ada)" end)
expect_error("misspelled window method", function() w:foucs() end)
expect_error("unknown termination", function() app:terminate("kill") end)
expect_error("system kill while active", function() app:terminate("system") end)
expect_error("disconnect a visible scene", function() w:disconnect() end)
expect_error("logout while unauthenticated", function() app:logout() end)
expect_error("next_step outside onboarding", function() app:next_step() end)
expect_error("unknown app state", function() app:transition("authenticate(ada)") end)
expect_error("unknown onboarding step", function() app:transition("onboarding(welcom)") end)
expect_error("unknown hook event", function() app:on("scenephase", print) end)
expect_error("negative advance", function() sim.advance(-1) end)

-- Nothing above changed the simulation.
assert(app.state == "unauthenticated" and w.phase == "active" and #app.sessions == 1, "state untouched")
app:login { user = "ada" }
print("still usable:", app.state)
