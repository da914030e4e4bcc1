-- Misusing silent pushes, transfers and background modes: each error names the call's line,
-- what was wrong and what to do
-- Spec: semantics 11.8, 11.9.
local function model(modes) return { states = { a = {} }, initial = "a", background_modes = modes } end
print(pcall(function() sim.launch { model = model { "audi" } } end))
print(pcall(function() sim.launch { model = model "audio" } end))
print(pcall(function() sim.launch { policy = { push_time = 0 } } end))
local app = sim.launch { platform = "iphone", scenes = { { id = "main" } } }
print(pcall(function() sim.system.push("app") end))
print(pcall(function() sim.system.push(app, "inbox") end))
print(pcall(function() sim.system.transfer_done(app) end))
print(pcall(function() sim.system.transfer_done(app, "") end))
print(pcall(function() sim.system.transfer_done(app, "photos", true) end))
print(pcall(function() app:keep_running() end))
-- The built-in model declares "remote-notification" and "fetch", neither of which keeps it running.
print(pcall(function() app:keep_running("playing") end))
app:stop_running()                               -- nothing kept running: nothing happens
