-- url_schemes: a URL of a scheme the app does not register never reaches it; routes work for
-- every scheme that does, and a route may be kept to one scheme
-- Spec: semantics 12.5, 12.6; API url_schemes, routes.
local app = sim.launch {
  platform = "ipados",
  url_schemes = { "icecubesapp", "https" },
  model = { states = { ready = {} }, initial = "ready" },
  scenes = { { id = "main", allows = function() return true end }, { id = "status", value = "string" } },
  routes = { status = "status", ["https://mastodon.social"] = "status" },
}
print(app:open_url("icecubesapp://status/42"), app.front)
print(app:open_url("ICECUBESAPP://status/43"), app.front)   -- schemes compare without case
print(app:open_url("https://mastodon.social/109"), app.front)
print(app:open_url("mailto://status/1"))
print(app:open_url("https://example.com/1"))
