-- Benchmark (not a test): cost per call of the scenario API against a bare C function call,
-- in one process. Run by scripts/bench-lua.sh with --allow-io (for os.clock) and --trace off.
local N = tonumber(os.getenv("BENCH_N") or "") or 2000000
local ROUNDS = 5

local app = sim.launch { scenes = { { id = "main" }, { id = "detail", value = "integer" } } }
local w = app:open_window("detail", 1)

-- Each case runs its body N times; the best of ROUNDS rounds is kept, minus an empty loop.
local function measure(body)
  local best = math.huge
  for _ = 1, ROUNDS do
    local start = os.clock()
    body(N)
    local elapsed = os.clock() - start
    if elapsed < best then best = elapsed end
  end
  return best
end

local empty = measure(function(n) for i = 1, n do local _ = i end end)
local cases = {
  { "select('#', i)  (bare C call)", function(n) local select = select for i = 1, n do select('#', i) end end },
  { "sim.now()  (plain Swift function)", function(n) local now = sim.now for _ = 1, n do now() end end },
  { "tostring(w)  (handle metamethod)", function(n) for _ = 1, n do tostring(w) end end },
  { "w.storage.k = v", function(n) local s = w.storage for i = 1, n do s.k = i end end, 3 },
  { "w.storage.k", function(n) local s = w.storage for _ = 1, n do local _ = s.k end end, 3 },
  { "w.storage.k = v (via w)", function(n) for i = 1, n do w.storage.k = i end end },
  { "app.phase", function(n) for _ = 1, n do local _ = app.phase end end, 3 },
  { "app:open_window(id, v) dedup", function(n) for _ = 1, n do app:open_window("detail", 1) end end },
}

local base
print(string.format("%-34s %10s %8s  %s", "operation", "ns/call", "ratio", "target"))
for _, case in ipairs(cases) do
  local ns = (measure(case[2]) - empty) / N * 1e9
  base = base or ns
  local target = case[3] and string.format("<= %gx %s", case[3], ns / base <= case[3] and "met" or "MISSED") or ""
  print(string.format("%-34s %10.1f %7.2fx  %s", case[1], ns, ns / base, target))
end
