-- open_window(id, value) brings the window already showing that value to front instead of opening another
-- Spec: semantics 4.2.
local app = sim.launch {
  platform = "macos",
  scenes = { { id = "main" }, { id = "note", value = "string" }, { id = "photo", value = "string" } },
}
sim.settle()

local n42, created = app:open_window("note", "42")
assert(created, "first open creates")
local other = app:open_window("note", "7")
assert(app.front == other, "note 7 is in front")

-- The same value again: the existing window comes to front, nothing new is created.
local again, created_again = app:open_window("note", "42")
assert(again == n42 and not created_again, "open for a shown value returns the same window, created == false")
assert(app.front == n42, "and brings it to front")

-- Equality never counts across groups: photo "42" is its own window.
local photo, photo_created = app:open_window("photo", "42")
assert(photo_created and photo ~= n42, "same value in another group is a new window")

print("sessions:", #app.sessions, "front:", tostring(app.front))
