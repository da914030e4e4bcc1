-- The case generator of the differential conformance test (scripts/conformance.sh): writes
-- COUNT seeded cases of the standard library's observable behaviour into batch files that run
-- unchanged under stock lua5.4 and under `scenesim run`, whose outputs must be the same bytes.
--
-- usage: lua5.4 scripts/conformance/generate.lua SEED COUNT FOLDER [PER_BATCH]
--
-- Every case is written here (none is copied from Lua's own test suite). Cases stay inside what
-- scenesim promises to do as stock Lua does; what it does differently on purpose is listed in
-- docs/lua-conformance.md, and the generator keeps out of it: no key order of pairs/next (keys
-- are sorted before printing), no addresses (tables, functions and threads print as their type),
-- no %p, no __gc, no io/os/debug/package, no math.random, no collectgarbage counts, no
-- bytecode, no limits. One batch (io-batch-0001.lua) runs with --allow-io: what the debug
-- library sees of the replaced functions.
-- It runs under stock lua5.4, with io and os; its cases are Lua source kept in long strings.
-- luacheck: read globals io os
-- luacheck: no max line length
local seed, count, folder, per_batch = tonumber(arg[1]), tonumber(arg[2]), arg[3], tonumber(arg[4] or "100")
if not (seed and count and folder) then
  io.stderr:write("usage: lua5.4 generate.lua SEED COUNT FOLDER [PER_BATCH]\n")
  os.exit(2)
end
math.randomseed(seed)

local function rnd(a, b) return math.random(a, b) end
local function pick(list) return list[math.random(#list)] end
local function chance(p) return math.random() < p end

-- A Lua literal for a string, readable and byte-exact.
local function lit(s) return string.format("%q", s) end

local function numlit(n)
  if math.type(n) == "integer" then
    if n == math.mininteger then return "math.mininteger" end
    return tostring(n)
  end
  if n ~= n then return "(0/0)" end
  if n == math.huge then return "math.huge" end
  if n == -math.huge then return "-math.huge" end
  return string.format("%.17g", n):find("[%.eni]") and string.format("%.17g", n) or string.format("%.17g", n) .. ".0"
end

-- MARK: values

local subject_chars = { "a", "b", "c", "x", "y", "1", "2", "9", " ", "(", ")", "[", "]", "%", ".", "-", "+", "*", "?", "^", "$", "_", "\0", "\n", "é", "A", "Z", "," }
local function subject(max)
  local parts = {}
  for i = 1, rnd(0, max or 12) do parts[i] = pick(subject_chars) end
  return table.concat(parts)
end

local interesting_numbers = {
  0, 1, -1, 2, 3, 7, 10, 100, 255, 256, 1000, -1000, 65535, 2^31, 2^53, 2^63, -2^63,
  math.maxinteger, math.mininteger, 9007199254740993, 0.0, -0.0, 0.1, 0.5, 1.5, -2.5, 1/3, 1e15, 1e16,
  1e100, 1e-300, 5e-324, 123456.789, 3.14159, math.huge, -math.huge, 0/0, 2^24, 1e14, 123456789012345,
}
local function number()
  if chance(0.5) then return pick(interesting_numbers) end
  if chance(0.5) then return rnd(-100000, 100000) end
  return (rnd(-100000, 100000)) / pick({ 1, 2, 3, 7, 10, 1000, 1e6 })
end

local numeric_strings = {
  "10", " 10 ", "0x10", "0X1p4", "1e2", "1E+2", ".5", "5.", "-7", "+7", "0x", "1e", "abc", "", " ",
  "0x7fffffffffffffff", "0xffffffffffffffff", "9223372036854775808", "-9223372036854775809",
  "1 2", "inf", "nan", "0b101", "1_000", "\t3\n", "3.0", "0x1.8", "1e400", "-0", "00012",
}

-- MARK: case kinds; each returns Lua source whose prints are its observable behaviour

local kinds = {}

-- Patterns: find, match, gmatch, gsub, with captures, anchors, %b, %f, and malformed ones.
local atoms = {
  "a", "b", "x", "1", ".", "%a", "%d", "%w", "%s", "%p", "%l", "%u", "%x", "%c", "%A", "%D", "%S", "%W",
  "%%", "%.", "%(", "%)", "%[", "%-", "[abc]", "[^ab]", "[a-c]", "[%d_]", "[%a%-]", "[]]", "[^]]", "[a-]",
  "%b()", "%b[]", "%bxy", "%f[%w]", "%f[%W]", "%f[a]", "%f[^%s]", "%1", "é", "\0",
}
local quantifiers = { "", "", "", "*", "+", "-", "?" }
local malformed = { "[a", "%", "(", ")", "%b", "%bx", "%f", "%fa", "%9", "[%", "(()", "%1", "((((((((((((((((((((((((((((((((((x))))))))))))))))))))))))))))))))))", "[^", "x%" }

local function pattern()
  if chance(0.08) then return pick(malformed) end
  local parts = {}
  if chance(0.25) then parts[#parts + 1] = "^" end
  local open = 0
  for _ = 1, rnd(1, 5) do
    local r = math.random()
    if r < 0.15 and open < 3 then
      parts[#parts + 1] = "("
      open = open + 1
    elseif r < 0.25 and open > 0 then
      parts[#parts + 1] = ")"
      open = open - 1
    elseif r < 0.3 then
      parts[#parts + 1] = "()"
    else
      local atom = pick(atoms)
      parts[#parts + 1] = atom
      if not atom:find("^%%[bf1]") then parts[#parts + 1] = pick(quantifiers) end
    end
  end
  for _ = 1, open do parts[#parts + 1] = ")" end
  if chance(0.2) then parts[#parts + 1] = "$" end
  return table.concat(parts)
end

function kinds.find()
  local s, p = subject(), pattern()
  local init = chance(0.3) and numlit(pick({ -20, -3, -1, 0, 1, 2, 5, 20 })) or "nil"
  local plain = chance(0.15) and "true" or "nil"
  return string.format("show(string.find(%s, %s, %s, %s))\nshow(string.match(%s, %s, %s))",
    lit(s), lit(p), init, plain, lit(s), lit(p), init)
end

function kinds.gmatch()
  local s, p = subject(16), pattern()
  return string.format([[
local n = 0
for a, b, c in string.gmatch(%s, %s) do
  show(a, b, c)
  n = n + 1
  if n > 40 then break end
end
show(n)]], lit(s), lit(p))
end

function kinds.gsub()
  local s, p = subject(16), pattern()
  local repl = pick({
    lit(pick({ "", "x", "%0", "%1", "<%1>", "%%", "%2", "%", "%a", "[%0%0]" })),
    "{ a = 'A', b = false, x = 1.5, ['1'] = 'one' }",
    "function(c) return c and c:upper() end",
    "function() return nil end",
    "function(c) return #tostring(c) end",
    "function() return {} end",
  })
  local n = chance(0.3) and numlit(pick({ -1, 0, 1, 2, 100 })) or "nil"
  return string.format("show(string.gsub(%s, %s, %s, %s))", lit(s), lit(p), repl, n)
end

-- string.format, rep and friends.
local conversions = { "d", "i", "u", "c", "x", "X", "o", "e", "E", "f", "F", "g", "G", "q", "s", "a", "A", "%", "y", "" }
local function format_argument()
  local r = math.random()
  if r < 0.5 then return numlit(number()) end
  if r < 0.8 then return lit(subject(6)) end
  return pick({ "true", "false", "nil", lit("\1\2\r\n\0\200"), lit("100"), lit("0x1F") })
end

function kinds.format()
  local spec = {}
  for _ = 1, rnd(1, 3) do
    local flags = ""
    for _ = 1, rnd(0, 2) do flags = flags .. pick({ "-", "+", " ", "#", "0" }) end
    local width = chance(0.4) and tostring(rnd(0, 30)) or (chance(0.03) and "100" or "")
    local precision = chance(0.3) and ("." .. rnd(0, 20)) or (chance(0.03) and ".100" or "")
    spec[#spec + 1] = pick({ "", "|", "x" }) .. "%" .. flags .. width .. precision .. pick(conversions)
  end
  local args = {}
  for i = 1, rnd(0, #spec + 1) do args[i] = format_argument() end
  return string.format("show(string.format(%s%s))", lit(table.concat(spec)),
    #args > 0 and (", " .. table.concat(args, ", ")) or "")
end

function kinds.strings()
  local s = subject(8)
  local i, j = pick({ -10, -2, -1, 0, 1, 2, 3, 10, math.maxinteger, math.mininteger }), pick({ -10, -1, 0, 1, 2, 5, 100 })
  local n = pick({ -1, 0, 1, 2, 3, 5 })
  local sep = chance(0.5) and lit(pick({ "", ",", "--" })) or "nil"
  return table.concat({
    string.format("show(string.rep(%s, %d, %s))", lit(s), n, sep),
    string.format("show(string.sub(%s, %s, %s))", lit(s), numlit(i), numlit(j)),
    string.format("show(string.byte(%s, %s, %s))", lit(s), numlit(i), numlit(j)),
    string.format("show(pcall(string.char, %d, %d))", rnd(-5, 260), rnd(0, 255)),
    string.format("show(#%s, (%s):upper(), (%s):lower(), (%s):reverse(), (%s):len())", lit(s), lit(s), lit(s), lit(s), lit(s)),
    string.format("show(%s < %s, %s == %s, %s .. %s)", lit(s), lit(subject(4)), lit(s), lit(s), lit(s), numlit(number())),
  }, "\n")
end

-- table.concat, sort, insert, remove, unpack, move.
local function array(n, kind)
  local items = {}
  for i = 1, n do
    if kind == "int" then items[i] = tostring(rnd(-20, 20))
    elseif kind == "str" then items[i] = lit(subject(3))
    elseif kind == "num" then items[i] = numlit(pick({ rnd(-9, 9), rnd(-9, 9) / 2, 1e300, -0.0 }))
    else items[i] = pick({ tostring(rnd(0, 9)), lit(subject(2)), "true", "{}" }) end
  end
  return "{ " .. table.concat(items, ", ") .. " }"
end

function kinds.tables()
  local kind = pick({ "int", "str", "num", "mixed" })
  local t = array(rnd(0, 12), kind)
  -- tostring of a table is an address in stock Lua: only arrays without tables sort by it.
  local cmp = pick({ "nil", "nil", "function(a, b) return a > b end",
    kind == "mixed" and "nil" or "function(a, b) return tostring(a) < tostring(b) end" })
  local i, j = pick({ "nil", "1", "2", "0", "-1", "5" }), pick({ "nil", "3", "#t", "0", "20" })
  return table.concat({
    "local t = " .. t,
    string.format("show(pcall(table.concat, t, %s, %s, %s))", lit(pick({ "", ",", " - " })), i, j),
    string.format("show(pcall(table.sort, t, %s))", cmp),
    "if pcall(table.concat, t, ',') then show(table.concat(t, ',')) end",
    string.format("show(pcall(table.insert, t, %s, 'ins'))", pick({ "1", "#t + 1", "#t + 2", "0", "-1" })),
    string.format("show(pcall(table.remove, t%s))", pick({ "", ", 1", ", #t", ", #t + 1", ", #t + 2", ", 0" })),
    string.format("show(#t, table.unpack(t, %s, %s))", pick({ "1", "2", "-1" }), pick({ "#t", "3", "0" })),
    string.format("show(pcall(table.move, t, %s, %s, %s))", pick({ "1", "2", "0", "-1" }), pick({ "#t", "3", "0" }), pick({ "1", "2", "5", "math.maxinteger" })),
    "show(select('#', table.unpack(t)), table.pack(1, nil, 3).n)",
  }, "\n")
end

-- utf8.
function kinds.utf8()
  local pieces = {}
  for i = 1, rnd(0, 6) do
    pieces[i] = pick({ "a", "é", "€", "𝄞", "\xff", "\xc3", "\xe2\x82", "\0", "z", "\xf4\x90\x80\x80", "\xed\xa0\x80", "\xc0\x80" })
  end
  local s = table.concat(pieces)
  local i, j = pick({ "1", "-1", "2", "0", "10" }), pick({ "-1", "1", "3", "nil" })
  local lax = chance(0.3) and "true" or "nil"
  return table.concat({
    string.format("local s = %s", lit(s)),
    string.format("show(pcall(utf8.len, s, %s, %s, %s))", i, j, lax),
    string.format("show(pcall(utf8.codepoint, s, %s, %s, %s))", i, j, lax),
    string.format("show(pcall(utf8.offset, s, %s, %s))", pick({ "0", "1", "2", "-1", "3" }), pick({ "nil", "1", "2", "-1" })),
    string.format("show(pcall(utf8.char, %d, %d, %d))", rnd(0, 0x7fffffff), rnd(0, 0x10ffff), pick({ 0, 127, 128, 0xd800, -1 })),
    "show(pcall(function() local r = {} for p, c in utf8.codes(s) do r[#r + 1] = p .. ':' .. c end return table.concat(r, ' ') end))",
    "show(#utf8.charpattern, s:match(utf8.charpattern))",
  }, "\n")
end

-- Numbers: printing, arithmetic, coercions, conversions.
function kinds.numbers()
  local a, b = numlit(number()), numlit(number())
  local sa, sb = lit(pick(numeric_strings)), lit(pick(numeric_strings))
  local op = pick({ "+", "-", "*", "/", "//", "%", "^", "&", "|", "~", "<<", ">>", "<", "<=", "==" })
  return table.concat({
    string.format("show(%s, %s, math.type(%s), math.tointeger(%s))", a, b, a, a),
    string.format("show(pcall(function() return %s %s %s end))", a, op, b),
    string.format("show(pcall(function() return %s %s %s end))", sa, op, b),
    string.format("show(pcall(function() return %s %s %s end))", a, op, sb),
    string.format("show(tonumber(%s), tonumber(%s), math.type(tonumber(%s)))", sa, sb, sa),
    string.format("show(pcall(tonumber, %s, %s))", lit(pick({ "ff", "FF", "z", "10", "777", " 11 ", "-1f", "" })), pick({ "16", "36", "2", "8", "10", "1", "37" })),
    string.format("show(%s .. '', string.format('%%.14g', %s), math.floor(%s) == %s)", a, a, a, a),
    string.format("show(pcall(math.fmod, %s, %s))", a, b),
    string.format("show(math.abs(%s), math.ceil(%s), math.max(%s, %s), math.ult(1, -1))", a, a, a, b),
    string.format("show(pcall(string.format, '%%d', %s))", a),
  }, "\n")
end

-- Coroutines and to-be-closed variables.
function kinds.coroutines()
  local yields = rnd(0, 4)
  local fail = pick({ "", "", "error('inside')", "error({})", "local x = nil + 1" })
  local close_fails = chance(0.2)
  local body = {}
  body[#body + 1] = "local log = {}"
  body[#body + 1] = "local function closer(name, fails) return setmetatable({}, { __close = function(_, e) log[#log + 1] = name .. ':' .. tostring(e and (type(e) == 'string' and e or type(e))) if fails then error('close ' .. name) end end }) end"
  body[#body + 1] = "local function gen(n)"
  body[#body + 1] = string.format("  local a <close> = closer('a', %s)", close_fails and "true" or "false")
  body[#body + 1] = "  for i = 1, n do"
  body[#body + 1] = "    local b <close> = closer('b' .. i)"
  body[#body + 1] = "    local got = coroutine.yield(i, coroutine.isyieldable(), coroutine.status(coroutine.running()))"
  body[#body + 1] = "    log[#log + 1] = 'got:' .. tostring(got)"
  body[#body + 1] = "  end"
  body[#body + 1] = "  " .. fail
  body[#body + 1] = "  return 'done', n"
  body[#body + 1] = "end"
  local style = pick({ "resume", "wrap", "close" })
  if style == "resume" then
    body[#body + 1] = "local co = coroutine.create(gen)"
    body[#body + 1] = string.format("for step = 1, %d do show(coroutine.resume(co, step == 1 and %d or step)) show(coroutine.status(co)) end", yields + 2, yields)
    body[#body + 1] = "show(coroutine.close(co))"
  elseif style == "wrap" then
    body[#body + 1] = "local f = coroutine.wrap(gen)"
    body[#body + 1] = string.format("for step = 1, %d do show(pcall(f, step == 1 and %d or step)) end", yields + 2, yields)
  else
    body[#body + 1] = "local co = coroutine.create(gen)"
    body[#body + 1] = string.format("show(coroutine.resume(co, %d))", yields)
    body[#body + 1] = "show(coroutine.close(co))"
    body[#body + 1] = "show(coroutine.status(co), coroutine.resume(co))"
  end
  body[#body + 1] = "show(table.concat(log, ' '))"
  body[#body + 1] = "show(coroutine.isyieldable(), pcall(coroutine.yield), select('#', coroutine.running()))"
  body[#body + 1] = "show(pcall(coroutine.resume, coroutine.running()))"
  body[#body + 1] = "do local c <close> = nil end show(pcall(function() local c <close> = 42 end))"
  return table.concat(body, "\n")
end

-- pairs and next: which keys and values, never in which order.
function kinds.pairs()
  local entries = {}
  for _ = 1, rnd(0, 10) do
    local key = pick({ tostring(rnd(1, 12)), lit(subject(3)), numlit(pick({ 1.5, -0.5, 2^53, 3.0 })), "true", "false" })
    entries[#entries + 1] = string.format("[%s] = %s", key, pick({ "1", "'v'", "false", "2.5" }))
  end
  return table.concat({
    "local t = { " .. table.concat(entries, ", ") .. " }",
    "local function keys(t) local r = {} for k, v in pairs(t) do r[#r + 1] = type(k) .. ':' .. tostring(k) .. '=' .. tostring(v) end table.sort(r) return table.concat(r, ' ') end",
    "show(keys(t), #t, next({}), select('#', pairs(t)))",
    "for k in pairs(t) do if type(k) == 'number' then t[k] = nil end end",
    "show(keys(t), rawlen(t), rawequal(t, t))",
    "local n = 0 for _ in next, t do n = n + 1 end show(n)",
    "for i, v in ipairs({ 1, 2, nil, 4 }) do show(i, v) end",
    "show(pcall(next, t, 'no such key'))",
    "show(keys(setmetatable({}, { __pairs = function(self) return next, { x = 1, y = 2 }, nil end })))",
    string.format("show(pcall(function() for _ in pairs(%s) do end end))", pick({ "nil", "1", "'s'", "true" })),
  }, "\n")
end

-- The base library functions scenesim replaces or wraps: tostring and print (with __tostring
-- and __name), pcall/xpcall/error with levels and odd error objects, select, setmetatable,
-- load with modes and environments.
function kinds.base()
  local value = pick({
    "nil", "true", "false", numlit(number()), lit(subject(5)),
    "setmetatable({}, { __tostring = function() return 'T!' end })",
    "setmetatable({}, { __tostring = function() return 42 end })",
    "setmetatable({}, { __tostring = function() error('in tostring') end })",
    "setmetatable({}, { __name = 'Named', __tostring = function(t) return 'named' end })",
  })
  local level = pick({ "", ", 0", ", 1", ", 2", ", 3" })
  local errobj = pick({ lit("msg"), "nil", "42", "{ code = 1 }", value, "setmetatable({}, { __tostring = function() return 'E' end })" })
  return table.concat({
    string.format("show(pcall(tostring, %s))", value),
    string.format("show(pcall(function() print(%s, nil, 1.0, -0.0, 1/0, -1/0, math.mininteger) end))", value),
    string.format("show(pcall(string.format, '%%s|%%10s|%%-3s', %s, %s, %s))", value, pick({ "true", "nil", "12", "'ab'" }), pick({ "false", "3.5", "''" })),
    string.format("show(pcall(error, %s%s))", errobj, level),
    string.format("show(pcall(function() error(%s%s) end))", errobj, level),
    string.format("show(select('#', pcall(error)), pcall(tostring))"),
    string.format("show(xpcall(function() error(%s%s) end, function(m) return 'handled', type(m) end))", errobj, level),
    string.format("show(xpcall(function(...) return select('#', ...), ... end, print, %s, nil))", value),
    string.format("show(pcall(select, %s, 'a', 'b', 'c'))", pick({ "1", "2", "-1", "-3", "-4", "0", "'#'", "4", "1.5" })),
    string.format("show(pcall(setmetatable, %s, %s))", pick({ "{}", "1", "nil", "setmetatable({}, { __metatable = 'locked' })" }), pick({ "{}", "nil", "1", "{ __index = {} }" })),
    string.format("show(pcall(load, %s, %s, %s, %s))", lit(pick({ "return 1 + ...", "return x", "syntax error here", "", "return", "local a <const> = 1; a = 2" })), pick({ "nil", "'=name'", "'@file.lua'", "'chunk'" }), pick({ "nil", "'t'", "'b'", "'bt'", "'x'" }), pick({ "nil", "{ x = 5 }" })),
    string.format("show(pcall(function() local f = load(%s, 'c', 't', { x = 7 }) return f(1) end))", lit(pick({ "return x", "return ...", "return x + ...", "error('from chunk')" }))),
    string.format("show(tostring(%s) == tostring(%s), rawequal(%s, %s), type(%s))", numlit(number()), numlit(number()), value, value, value),
  }, "\n")
end

-- tostring, print and string.format calling __tostring (its result, its errors, its yields,
-- its turn among the arguments), and the functions called through a name of the script's.
local text_values = {
  "'s'", "7", "2.5", "nil", "true",
  "setmetatable({}, { __tostring = function() return 'T' end })",
  "setmetatable({}, { __tostring = function() return 8 end })",
  "setmetatable({}, { __tostring = function() return {} end })",
  "setmetatable({}, { __tostring = function() return nil end })",
  "setmetatable({}, { __tostring = function() error('boom') end })",
  "setmetatable({}, { __tostring = function() error({ code = 4 }) end })",
  "setmetatable({}, { __tostring = function() error(nil) end })",
  "setmetatable({}, { __tostring = function() error(setmetatable({}, { __tostring = function() return 'E' end })) end })",
  "setmetatable({}, { __tostring = function() coroutine.yield('in') return 'Y' end })",
  "counted",
}
local function text_value() return pick(text_values) end

function kinds.tostring_calls()
  local a, b, c = text_value(), text_value(), text_value()
  local spec = pick({ "%s", "%s|%s", "%s %d %s", "%5s.%-3s", "[%s]%q", "%s%%%s" })
  local how = pick({ "direct", "coroutine", "alias" })
  local lines = {
    "local calls = 0",
    "local counted = setmetatable({}, { __tostring = function() calls = calls + 1 return 'c' .. calls end })",
    "local function err(e) if type(e) == 'table' then return 'table', e.code, getmetatable(e) ~= nil end return type(e), e end",
    "local function run(f, ...) local r = table.pack(pcall(f, ...)) if r[1] then return table.unpack(r, 1, r.n) end return false, err(r[2]) end",
  }
  local calls = {
    string.format("function() return tostring(%s) end", a),
    string.format("function() print(%s, %s, %s) end", a, b, c),
    string.format("function() return string.format(%s, %s, %s, %s) end", lit(spec), a, b, c),
    string.format("function() return (%s):format(%s, %s) end", lit(spec), a, b),
  }
  for _, f in ipairs(calls) do
    if how == "coroutine" then
      lines[#lines + 1] = string.format("do local co = coroutine.create(%s) local r = table.pack(coroutine.resume(co)) if r[1] then show(table.unpack(r, 1, r.n)) else show(false, err(r[2])) end show(coroutine.status(co), calls) end", f)
    elseif how == "alias" then
      lines[#lines + 1] = string.format("do local ts, pr, fmt = tostring, print, string.format show(run(%s)) show(calls) end", (f:gsub("tostring%(", "ts("):gsub("print%(", "pr("):gsub("string%.format%(", "fmt(")))
    else
      lines[#lines + 1] = string.format("show(run(%s)) show(calls)", f)
    end
  end
  lines[#lines + 1] = "do local ts = tostring show(pcall(function() return ts() end)) show(pcall(ts)) end"
  lines[#lines + 1] = string.format("show(pcall(print, %s, %s))", a, b)
  lines[#lines + 1] = string.format("show(pcall(tostring, %s))", a)
  return table.concat(lines, "\n")
end

-- load's own checks: its arguments in their order, a reader that returns what it must not, at
-- a line of the script and under pcall.
function kinds.load_calls()
  local chunk = pick({ "nil", "{}", "1", "'return 1'", "true", "function() return nil end",
    "function() return {} end", "function() return 'return ' end", "(function() local n = 0 return function() n = n + 1 if n == 1 then return 'return 4' end if n == 2 then return false end end end)()",
    "(function() local parts = { 'return ', '5', ' + 1' } local n = 0 return function() n = n + 1 return parts[n] end end)()" })
  local name = pick({ "nil", "{}", "'=n'", "3", "false" })
  local mode = pick({ "nil", "{}", "'t'", "'b'", "'x'", "4" })
  local env = pick({ "", ", nil", ", { }" })
  return table.concat({
    string.format("show(pcall(load, %s, %s, %s%s))", chunk, name, mode, env),
    string.format("show(pcall(function() local f, e = load(%s, %s, %s%s) return f and f(), e end))", chunk, name, mode, env),
    string.format("show(pcall(function() local a, b = load(%s) return a and a(), b end))", chunk),
    "show(pcall(load))",
  }, "\n")
end

-- pairs' iterator called as the `next` stock pairs returns: with keys of its own choosing, on
-- another table, with no arguments; never in which order it walks.
function kinds.pairs_calls()
  local entries = {}
  for i = 1, rnd(0, 6) do entries[#entries + 1] = string.format("[%s] = %d", pick({ tostring(i), lit(subject(2)), "true", "2.5" }), i) end
  return table.concat({
    "local t = { " .. table.concat(entries, ", ") .. " }",
    "local f, s, k0 = pairs(t)",
    "show(rawequal(s, t), k0)",
    "local seen, n, k = {}, 0, nil",
    "repeat local v k, v = f(t, k) if k ~= nil then n = n + 1 seen[#seen + 1] = tostring(k) .. '=' .. tostring(v) end until k == nil or n > 20",
    "table.sort(seen) show(n, table.concat(seen, ' '))",
    "show(select('#', f(t, k)))",
    "local one = { only = 1 } show(f(one, nil)) show(f(one, 'only'))",
    "show(pcall(f, t, 'no such key'))",
    "show(pcall(f))",
    "show(pcall(f, 1))",
    "show(pcall(function() return f() end))",
    "local firsts = {} for _ = 1, 3 do local key = f(t, nil) firsts[#firsts + 1] = tostring(key ~= nil) end show(table.concat(firsts, ','))",
  }, "\n")
end

-- MARK: output

local order = { "find", "gmatch", "gsub", "format", "strings", "tables", "utf8", "numbers", "coroutines", "pairs", "base", "tostring_calls", "load_calls", "pairs_calls" }

-- Prints values as both interpreters print them: addresses never (a table, function, thread or
-- userdata prints as its type), numbers and strings as tostring gives them.
local prelude = [[
local function show(...)
  local parts = { }
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    local t = type(v)
    if t == "table" or t == "function" or t == "thread" or t == "userdata" then
      parts[i] = t
    else
      parts[i] = tostring(v)
    end
  end
  print(table.concat(parts, "\t"))
end
local function case(number, body)
  print("#" .. number)
  local ok, err = pcall(body)
  if not ok then show("error", err) end
end
]]

local batch, batch_file = 0, nil
for index = 1, count do
  if (index - 1) % per_batch == 0 then
    if batch_file then batch_file:close() end
    batch = batch + 1
    batch_file = assert(io.open(string.format("%s/batch-%04d.lua", folder, batch), "w"))
    batch_file:write(prelude)
  end
  local kind = order[(index - 1) % #order + 1]
  local source = kinds[kind]()
  batch_file:write(string.format("-- case %d (%s)\ncase(%d, function()\n%s\nend)\n-- end %d\n", index, kind, index, source, index))
end
if batch_file then batch_file:close() end

-- What the debug library sees of the functions scenesim replaces, in one batch that runs with
-- --allow-io (scripts/conformance.sh): each function's kind and upvalues, and the frames a
-- __tostring, a load reader and a __pairs run under. Its cases are the same for every seed.
local debug_view = [[
local function frames()
  local r = {}
  for level = 2, 3 do
    local info = debug.getinfo(level, "nSl")
    r[#r + 1] = info and table.concat({ tostring(info.name), info.namewhat, info.what, tostring(info.currentline) }, ",") or "-"
  end
  return table.concat(r, " | ")
end
local functions = {
  { "print", print }, { "tostring", tostring }, { "string.format", string.format }, { "pairs", pairs },
  { "next", next }, { "load", load }, { "pcall", pcall }, { "xpcall", xpcall }, { "error", error },
  { "select", select }, { "setmetatable", setmetatable }, { "coroutine.resume", coroutine.resume },
  { "coroutine.close", coroutine.close }, { "coroutine.wrap", coroutine.wrap }, { "coroutine.yield", coroutine.yield },
  { "math.randomseed", math.randomseed }, { "debug.setmetatable", debug.setmetatable },
  { "string.find", string.find }, { "string.gsub", string.gsub }, { "string.rep", string.rep }, { "table.move", table.move },
  { "table.insert", table.insert }, { "require", require },
}
for _, entry in ipairs(functions) do
  local info = debug.getinfo(entry[2], "Su")
  show(entry[1], info.what, info.nups, info.short_src, select("#", debug.getupvalue(entry[2], 1)))
end
local seen = {}
local t = setmetatable({}, { __tostring = function() seen[#seen + 1] = frames() return "t" end })
tostring(t) print(t) show(string.format("%s", t)) show(("%s|%d"):format(t, 1))
for _, line in ipairs(seen) do show(line) end
local reads = 0
show(load(function() reads = reads + 1 show("reader", frames()) return nil end))
local p = setmetatable({}, { __pairs = function(self) show("__pairs", frames()) return next, {}, nil end })
for _ in pairs(p) do end
]]
local io_file = assert(io.open(string.format("%s/io-batch-0001.lua", folder), "w"))
io_file:write(prelude)
io_file:write(string.format("-- case %d (debug_view)\ncase(%d, function()\n%s\nend)\n-- end %d\n", count + 1, count + 1, debug_view, count + 1))
io_file:close()
