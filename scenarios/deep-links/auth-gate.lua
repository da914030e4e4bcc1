-- Deep links work only while authenticated: refused while loading, logged out or onboarding, accepted after login
-- Spec: semantics 4.6.
local app = sim.launch {
  platform = "ipados",
  scenes = { { id = "main", allows = function() return true end }, { id = "item", value = "string" } },
  routes = { item = "item" },
}
local function try(when)
  local handled = app:open_url("app://item/a1")
  print(string.format("%-22s %-22s handled=%s windows=%d", when, app.state, tostring(handled), #app.windows))
  return handled
end

assert(not try("while loading"), "refused while loading")
sim.settle()
assert(not try("logged out"), "refused while unauthenticated")

sim.advance(1)
app:login { user = "grace", new_user = true }
assert(not try("during onboarding"), "refused during onboarding")
for _ = 1, 4 do sim.advance(1) app:next_step() end

assert(try("after onboarding"), "handled once authenticated")
sim.advance(1)
app:logout()
assert(not try("after logout"), "refused again after logout")
assert(#app.windows == 2, "only the one accepted link opened a window")
