-- sim.url takes a deep link apart as an .onOpenURL handler reads it: decoded path, query, fragment
-- Spec: semantics 8.4; API sim.url.
local url = sim.url("APP://doc/42/notes%2F2025?tab=2&tab=3&flag&q=a+b%20c#para-3")
print(url.scheme, url.host, #url.path, url.path[1], url.path[2])
print(url.query)
for _, item in ipairs(url.query_items) do print(item.name, item.value) end
print(url.fragment)

-- Percent escapes decode to bytes: %FF is the byte 255, whatever UTF-8 says.
assert.equal("\255", sim.url("app://x/%FF").path[1])

-- Without "//" there is no host; empty path components are dropped.
local settings = sim.url("app:settings/privacy")
print(settings.host, table.concat(settings.path, " "), settings.fragment)
print(#sim.url("app://doc//42/").path)

-- An unparsable URL is an error at the line that asked.
print(pcall(function() return sim.url("doc/42") end))
print(pcall(function() return sim.url("app://doc/100%") end))
