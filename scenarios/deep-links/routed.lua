-- While authenticated a deep link opens the routed window, and fronts it the second time
-- Spec: semantics 4.2, 4.6, 12.3, 12.5; API app:open_url, routes.
local app = sim.launch {
  platform = "ipados",
  -- main takes every link (.handlesExternalEvents allowing "*") and leaves it to the routes;
  -- without that, each link would also open a new main window (semantics 12.4)
  scenes = {
    { id = "main", allows = function() return true end },
    { id = "item", value = "integer" },
    { id = "user", value = "string" },
  },
  routes = { item = "item", profile = "user" },
  session = { user = "ada" },
}
sim.settle()

assert(app:open_url("app://item/42") == true, "handled")
local item = app.front
assert(item.group == "item" and item.value == 42, "the item window for 42")
assert(math.type(item.value) == "integer", "an integer route gives an integer value")

assert(app:open_url("app://profile/grace") == true, "handled")
assert(app.front.value == "grace", "the profile window")

-- The same link again fronts the existing window.
assert(app:open_url("app://item/42") == true and app.front == item, "fronted, not duplicated")
assert(#app.sessions == 3, "main, item 42, profile grace")

-- Links the app cannot route are refused.
for _, url in ipairs { "https://example.com/item/1", "app://item", "app://itme/7", "app://item/forty-two" } do
  assert(app:open_url(url) == false, url .. " is refused")
end
-- The main window took each of them (and so came to the front); no window opened.
assert(#app.sessions == 3 and app.front.group == "main", "no new window")
print("front:", tostring(app.front))
