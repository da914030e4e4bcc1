-- Overlays go active <-> inactive; the switcher goes inactive, then back to active or on to background
-- Spec: semantics 1.5.
local app = sim.launch { platform = "iphone" }
sim.settle()
local w = app.front

-- An overlay (Control Center, an alert) only costs the active state.
app:interrupt()
assert(w.phase == "inactive" and app.phase == "inactive", "an overlay makes the scene inactive")
app:resume()
assert(w.phase == "active", "the overlay went away")

-- The switcher opens and the user picks the app again: back to active.
app:switcher()
assert(w.phase == "inactive", "the switcher makes the scene inactive")
app:foreground()
assert(w.phase == "active", "picked from the switcher: active again")

-- The switcher opens and the user picks another app: on to background, one step only.
app:switcher()
app:background()
assert(w.phase == "background" and app.phase == "background", "left from the switcher")
print("final phase:", w.phase)
