-- The built-in model (the seed's AppStateController), declared in Lua: what sim.launch runs when
-- a scenario sets no model, written with only what any model can use: app.defaults,
-- app.keychain, sim.server and app:after. Spec: semantics 4.5, 4.6, 10.5; API model.
--
--   local builtin = require "builtin"
--   sim.launch { model = builtin }                      -- the default timings
--   sim.launch { min_loading = 1, model = builtin { min_loading = 1 } }
--
-- It prints the built-in model's traces, but for what only the simulator's own code can say
-- (scenarios/README.md, "The built-in model in Lua"): a keychain it clears reads
-- "(app.keychain = nil)", a validation on becoming active that cannot reach the server reads
-- "session of ada: network unreachable" instead of the built-in model's warning, and state
-- text it refuses is described with a declared model's words.

-- What each intent needs, and where to go from each state: the built-in messages.
local hints = {
  loading = "advance the clock until initialization finishes (sim.settle())",
  unauthenticated = "log in first with app:login{ user = \"...\" }",
  onboarding = "finish onboarding with app:next_step() or leave it with app:cancel_onboarding()",
  authenticated = "log out first with app:logout()",
  error = "leave the error with app:retry() or app:logout()",
}
local steps = { "welcome", "permissions", "profileSetup", "complete" }
local next_step = { welcome = "permissions", permissions = "profileSetup", profileSetup = "complete" }

-- "authenticated(ada)" -> "authenticated", "ada"
local function split(state)
  local name, argument = state:match("^([%w_]+)%((.*)%)$")
  return name or state, argument
end

-- Errors at the line that called the intent: above `refuse` come the intent (and `depth` more
-- helpers), then app's method (a Swift function), then that line.
local function refuse(message, depth) error(message, 4 + (depth or 0)) end

local function require_state(app, what, ...)
  local kind = split(app.state)
  for _, allowed in ipairs({ ... }) do
    if kind == allowed then return end
  end
  refuse(("%s needs the app to be %s, but it is %s; %s"):format(
    what, table.concat({ ... }, " or "), app.state, hints[kind]), 1)
end

local function make(options)
  options = options or {}
  local min_loading = options.min_loading or 0.5

  -- What one process holds in memory: it starts empty at each launch (semantics 5.4).
  local process, launch = {}, nil
  local function memory(app)
    if launch ~= app.launches then process, launch = { initialization = 0 }, app.launches end
    return process
  end

  -- Forgets the stored session; a logout also ends it on the server when it can reach it.
  local function clear_keychain(app, end_on_server)
    local token = app.keychain
    if token == nil then return end
    if end_on_server and sim.network() then sim.server.end_session(token) end
    app.keychain = nil
  end

  -- Initialization (semantics 4.5): validate a stored session, show the outcome once
  -- min_loading has passed. A later initialization (retry) makes earlier answers moot.
  local function initialize(app)
    local p = memory(app)
    p.initialization = p.initialization + 1
    local generation = p.initialization
    local outcome, loaded = nil, false
    local function finish()
      if p.initialization ~= generation or outcome == nil or not loaded then return end
      local state = outcome
      outcome = nil
      app:transition(state)
    end
    local token = app.keychain
    if token then
      sim.server.validate(token, function(answer, user)
        if p.initialization ~= generation then return end
        if answer == "valid" then
          outcome = "authenticated(" .. user .. ")"
        else
          clear_keychain(app, false)
          outcome = "unauthenticated"
        end
        finish()
      end)
    else
      outcome = "unauthenticated"
    end
    app:after(min_loading, function()
      loaded = true
      finish()
    end)
  end

  return {
    states = {
      loading = { loading = true },
      unauthenticated = {},
      onboarding = { arg = steps },
      authenticated = { arg = "string" },
      error = { arg = { "networkUnavailable", "sessionExpired", "maintenanceMode" } },
    },
    initial = "loading",
    transitions = {
      loading = { "unauthenticated", "authenticated", "error" },
      unauthenticated = { "onboarding", "authenticated", "error" },
      onboarding = { "onboarding", "authenticated", "unauthenticated" },
      authenticated = { "unauthenticated", "error" },
      error = { "loading", "unauthenticated" },
    },
    phase_notes = {
      active = "validate session and refresh",
      inactive = "prepare for background",
      background = "release resources",
    },
    -- The seed's UIBackgroundModes: silent pushes and background refresh (semantics 11.8).
    background_modes = { "remote-notification", "fetch" },

    on_launch = initialize,

    -- Becoming active while signed in: check the session with the server.
    on_phase = function(app, _, new)
      if new ~= "active" or split(app.state) ~= "authenticated" or app.keychain == nil then return end
      sim.server.validate(app.keychain, function(answer)
        if split(app.state) ~= "authenticated" or app.keychain == nil then return end
        if answer == "expired" or answer == "revoked" then app:transition("error(sessionExpired)") end
      end)
    end,

    -- Deep links only while signed in (semantics 4.6); then the routes open a window.
    on_url = function(app)
      if split(app.state) == "authenticated" then return nil end
      return false, ("the app is %s; deep links are handled only while authenticated"):format(app.state)
    end,

    intents = {
      login = function(app, form)
        if type(form) ~= "table" then
          refuse(("app:login takes a table, e.g. app:login{ user = \"ada\", new_user = false } (got %s)")
            :format(type(form)))
        end
        for key in pairs(form) do
          if key ~= "user" and key ~= "new_user" then
            refuse(("app:login: unknown option \"%s\"; options are user and new_user"):format(tostring(key)))
          end
        end
        if type(form.user) ~= "string" then
          refuse(("app:login: user must be a string, e.g. app:login{ user = \"ada\" } (got %s)")
            :format(math.type(form.user) or type(form.user)))
        end
        if form.new_user ~= nil and type(form.new_user) ~= "boolean" then
          refuse(("app:login: new_user must be true or false (got %s)")
            :format(math.type(form.new_user) or type(form.new_user)))
        end
        local user = form.user
        if user == "" then refuse("app:login: user must be a non-empty string, e.g. app:login{ user = \"ada\" }") end
        require_state(app, "app:login", "unauthenticated")
        if not sim.network() then
          app:transition("error(networkUnavailable)")
          return
        end
        app.keychain = sim.server.create_session(user)
        if form.new_user then
          memory(app).onboarding_user = user
          app:transition("onboarding(welcome)")
        else
          app:transition("authenticated(" .. user .. ")")
        end
      end,

      next_step = function(app)
        require_state(app, "app:next_step()", "onboarding")
        local _, step = split(app.state)
        if next_step[step] then
          app:transition("onboarding(" .. next_step[step] .. ")")
          return
        end
        local p = memory(app)
        local user = p.onboarding_user
        if user == nil then
          refuse("app:next_step(): onboarding is complete but no user logged in to finish as; "
            .. "start onboarding with app:login{ user = \"...\", new_user = true }")
        end
        p.onboarding_user = nil
        app:transition("authenticated(" .. user .. ")")
      end,

      cancel_onboarding = function(app)
        require_state(app, "app:cancel_onboarding()", "onboarding")
        memory(app).onboarding_user = nil
        clear_keychain(app, true)
        app:transition("unauthenticated")
      end,

      logout = function(app)
        require_state(app, "app:logout()", "authenticated", "error")
        clear_keychain(app, true)
        app:transition("unauthenticated")
      end,

      retry = function(app)
        require_state(app, "app:retry()", "error")
        app:transition("loading")
        initialize(app)
      end,
    },
  }
end

-- The module is the model with the default timings; call it for others.
return setmetatable(make(), { __call = function(_, options) return make(options) end })
