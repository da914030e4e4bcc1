-- The AppStateController accepts only the seed's transitions; a rejected request changes nothing and is recorded
-- Spec: semantics 4.5; API app:transition, app.history, app.rejected.
local app = sim.launch { platform = "ipados" }
sim.settle()
assert.equal("unauthenticated", app.state)

-- Each request in order; the comment says whether the table allows it from the state before.
local requests = {
  "authenticated(ada)",       -- unauthenticated -> authenticated: ok
  "onboarding(welcome)",      -- authenticated -> onboarding: rejected
  "loading",                  -- authenticated -> loading: rejected
  "error(maintenanceMode)",   -- authenticated -> error: ok
  "authenticated(ada)",       -- error -> authenticated: rejected
  "loading",                  -- error -> loading: ok
  "error(networkUnavailable)", -- loading -> error: ok
  "unauthenticated",          -- error -> unauthenticated: ok
  "onboarding(welcome)",      -- unauthenticated -> onboarding: ok
  "onboarding(profileSetup)", -- onboarding -> onboarding (any step): ok
  "error(sessionExpired)",    -- onboarding -> error: rejected
  "unauthenticated",          -- onboarding -> unauthenticated: ok
  "loading",                  -- unauthenticated -> loading: rejected
}
for _, target in ipairs(requests) do
  sim.advance(1) -- keep each state on screen long enough not to flicker
  local before = app.state
  local ok, reason = app:transition(target)
  assert(ok == (app.state == target), "accepted exactly when the state changed")
  if not ok then assert(app.state == before and reason, "a rejection leaves the state and says why") end
  print(string.format("%-26s -> %-26s %s", before, target, ok and "ok" or "rejected: " .. reason))
end

-- Accepted and rejected requests are kept, with their virtual time.
assert(#app.history == 9 and #app.rejected == 5, "9 accepted (counting loading -> unauthenticated), 5 rejected")
local last = app.rejected[#app.rejected]
print("last rejected:", last.from, "->", last.to, "at", last.at)
