-- Onboarding end to end: welcome -> permissions -> profileSetup -> complete -> authenticated; cancel -> unauthenticated
-- Spec: semantics 4.5.
local app = sim.launch { platform = "iphone" }
sim.settle()
sim.advance(2)

app:login { user = "grace", new_user = true }
assert(app.state == "onboarding(welcome)", "a new user starts onboarding, got " .. app.state)
local steps = { app.state }
while app.state ~= "authenticated(grace)" do
  sim.advance(3) -- the user reads each screen
  app:next_step()
  steps[#steps + 1] = app.state
end
print(table.concat(steps, " -> "))

-- A second new user changes their mind at the welcome screen.
sim.advance(5)
app:logout()
sim.advance(2)
app:login { user = "linus", new_user = true }
sim.advance(2)
app:cancel_onboarding()
assert(app.state == "unauthenticated", "cancel returns to unauthenticated, got " .. app.state)
print("after cancel:", app.state)
