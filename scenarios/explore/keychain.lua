-- Explores a device that locks, unlocks and prewarms the app: what the keychain shows follows the lock
-- Spec: semantics 8.6, 11.11; API sim.system.lock, unlock, prewarm, on_protected_data, scenesim explore.
-- Run: scenesim explore scenarios/explore/keychain.lua
local Vault = {
  name = "vault",
  states = { locked = {}, open = {} },
  initial = "locked",
  transitions = { locked = { "open" }, open = { "locked" } },
  -- The vault opens only when the launch could read the token.
  on_launch = function(app)
    if app.keychain ~= nil then app:transition("open") end
  end,
  -- It closes as protected data goes away, and opens again when it comes back with a token.
  on_protected_data = function(app, available)
    if not available and app.state == "open" then app:transition("locked") end
    if available and app.state == "locked" and app.keychain ~= nil then app:transition("open") end
  end,
}

return {
  setup = function()
    return sim.launch {
      platform = "iphone",
      policy = { first_unlock = false },
      session = { user = "ada", ttl = 1e9 },
      scenes = { { id = "main" } },
      model = Vault,
    }
  end,
  invariants = {
    -- A when_unlocked token never reads while protected data is unavailable.
    keychain_hidden_while_locked = function(app)
      return app.protected_data or app.keychain == nil, "the token read while the device is locked"
    end,
  },
}
