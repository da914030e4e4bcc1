-- Swiped away in the iPhone switcher: inactive, then disconnected, so a save made only on background never happens
-- Spec: semantics 11.5, 5.2.
local app = sim.launch { platform = "iphone", policy = { force_quit = "keep" } }
sim.settle()
local saved_on_background = 0
app:on("phase", function(_, new)
  if new == "background" then saved_on_background = saved_on_background + 1 end
end)
local w = app.front
w.storage.draft = "unsent"                 -- saved only when the scene enters the background
app:switcher()
app:terminate("user")
print("background handlers run:", saved_on_background)
app:launch()
print("restored:", app.front.id, app.front.storage.draft)
assert(app.front.storage.draft == nil, "the write was never saved")

