-- An argument a call does not take is an error that names it, not dropped without a word: an
-- option table where none exists, a flag, a second number; trailing nils are fine. NaN is no
-- value an event's info can carry, and a launch option's NaN reads "nan" on every machine
-- Spec: API Conventions; semantics 3.2, 12.9, 12.10.
local function try(label, fn)
  local ok, message = pcall(fn)
  assert(not ok, label .. " should be refused")
  print(label .. ":\n  " .. message)
end
-- (0/0 has its sign bit set on x86, which C's printf spells "-nan".)
try("NaN in a launch option", function() sim.launch { platform = "iphone", policy = { suspend_after = 0 / 0 } } end)
local app = sim.launch { platform = "iphone", routes = { item = "item" },
  scenes = { { id = "main" }, { id = "item", value = "integer" } } }
try("an option table open_url does not take", function() app:open_url("app://item/1", { new_window = true }) end)
try("a Dock click takes nothing", function() app:reopen { animate = true } end)
try("schedule_refresh takes seconds only", function() app:schedule_refresh(10, { requires_network = true }) end)
try("open_notification's options are a target only", function() app:open_notification({}, { sound = true }) end)
try("open_notification takes its info and options only", function() app:open_notification({}, {}, true) end)
try("a window's focus takes nothing", function() app.front:focus(true) end)
try("sim.advance takes one number", function() sim.advance(1, 2) end)
try("sim.settle takes nothing", function() sim.settle "now" end)
try("NaN in a notification's info", function() app:open_notification { n = 0 / 0 } end)
try("NaN in an activity's info", function() app:continue_activity("com.example.view", { n = 0 / 0 }) end)
-- Trailing nils are no arguments.
app:background(nil)
app:foreground(nil, nil)
print("trailing nils: accepted")
