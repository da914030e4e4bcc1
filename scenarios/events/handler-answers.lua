-- A handler's answer is read as Lua reads a condition: nil and false say no, any other value
-- yes, the same for the model's on_url, a window's on_url and allows; false with a reason
-- refuses
-- Spec: semantics 12.1-12.5.
local answer
local app = sim.launch {
  platform = "ipados",
  scenes = {
    { id = "main" },
    { id = "doc", value = "string", allows = function() return answer.allows end,
      on_url = function() return answer.window end },
  },
  model = {
    states = { ready = {} }, initial = "ready",
    on_url = function() return answer.model, answer.reason end,
  },
}
app:open_window("doc", "a")
for _, a in ipairs {
  { model = "sure" },                                  -- handled by the app
  { model = false, reason = "signed out" },            -- refused, with its reason
  { model = nil, allows = "yes", window = "handled!" }, -- the doc window allows it and handles it
  { model = false, allows = 1, window = 0 },           -- false without a reason passes it on; 0 is true in Lua
  { model = nil, allows = false, window = true },      -- no window allows it
} do
  answer = a
  print(app:open_url("app://doc/a"))
end
