-- Going home walks active -> inactive -> background and returning reverses it, one handler run per change
-- Spec: semantics 1.2, 1.4, 1.5.
local app = sim.launch { platform = "iphone" }
sim.settle()

local handler = {}
app:on("phase", function(old, new) handler[#handler + 1] = old .. "->" .. new end)

app:background()
assert(app.phase == "background" and app.front.phase == "background", "home sends the scene to background")

app:foreground()
assert(app.phase == "active" and app.front.phase == "active", "returning makes it active again")

-- The app-level handler ran once per aggregate change, never skipping inactive.
local expected = "active->inactive, inactive->background, background->inactive, inactive->active"
assert(table.concat(handler, ", ") == expected, "handler runs: " .. table.concat(handler, ", "))
print("handler ran for: " .. table.concat(handler, ", "))
