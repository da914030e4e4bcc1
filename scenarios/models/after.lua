-- app:after runs a timer in this process at now + seconds; cancel stops it; termination ends them all
-- Spec: semantics 8.3; API app:after, task:cancel.
local app = sim.launch { scenes = { { id = "main" } } }
sim.settle()

-- A debounced save: each edit restarts a 2-second timer; only the last one runs.
local save
local function edit(text)
  if save then save:cancel() end
  app.front.storage.text = text
  save = app:after(2, function(a)
    a.defaults.saved_text = a.front.storage.text
    sim.log("saved", a.defaults.saved_text)
  end)
end
edit("h")
sim.advance(1)
edit("hi")
sim.advance(1)
edit("hi!")
print(save, save.status)
sim.advance(2)
print(save.status, app.defaults.saved_text)

-- Timers due at the same instant run in the order they were made, and may drive the app.
app:after(1, function() sim.log("first") end)
app:after(1, function(a) sim.log("second"); a:background() end)
local zero = app:after(0, function() sim.log("zero: at the next advance, at", sim.now()) end)
print(zero.status)
sim.advance(1)

-- Every kind of termination ends the process's timers; the next launch does not run them.
local pending = app:after(5, function() sim.log("never") end)
app:terminate("system")
print(pending.status)
app:launch()
sim.settle()
print(pending.status, pcall(function() pending:cancel() end))
