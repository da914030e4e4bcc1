import ByteText

/// How translated code is written as Lua text: names that Lua reads as the Swift ones, Swift
/// source shown in comments that it cannot end, and the helpers the generated module carries.
enum LuaText {
    /// Names the generated code uses for itself; a Swift name equal to one is renamed.
    static let reserved: Set<String> = [
        "w", "app", "sim", "swift", "old", "new", "url", "type", "info", "task", "self",
        "tostring", "tonumber", "math", "string", "table", "pcall", "error", "utf8", "ipairs", "pairs", "select", "print", "next",
        "rawget", "rawset", "setmetatable", "getmetatable", "require",
    ]

    /// A Swift name as a Lua local: itself when Lua reads it and it is not reserved (`name_`
    /// then); bytes Lua names cannot hold read `_xx` (hex), so the name stays unique.
    static func local(_ swift: String) -> String {
        let name = swift.filter { $0 != "`" }
        if LuaSyntax.isIdentifier(name) { return reserved.contains(name) ? name + "_" : name }
        var out = "v_"
        for byte in name.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) { out.append(c) } else { out += "_" + String(byte, radix: 16) }
        }
        return out
    }

    /// `t.key` when `key` is a Lua name, else `t["key"]` (escaped by the project's one escaper).
    static func index(_ table: String, _ key: String) -> String {
        LuaSyntax.isIdentifier(key) ? "\(table).\(key)" : "\(table)[\(ByteString(key).quoted)]"
    }

    /// A Lua string literal of `text`'s bytes.
    static func quoted(_ text: String) -> String { ByteString(text).quoted }

    /// Swift source as comment text: on one line, control bytes escaped (so nothing in it ends
    /// the comment or the line), at most `limit` characters.
    static func comment(_ text: String, limit: Int = 160) -> String {
        var line = ModelShape.oneLine(text)
        if line.count > limit { line = String(line.prefix(limit)) + "..." }
        return ByteString.displayed(Array(line.utf8))
    }

    /// `nil --[[ source ]]`: a value the translator could not write, with its source in a
    /// block comment whose brackets the text cannot close.
    static func untranslatedValue(_ source: String) -> String {
        let text = comment(source, limit: 80)
        var level = ""
        while text.contains("]\(level)]") { level += "=" }
        return "nil --[\(level)[ \(text) ]\(level)]"
    }

    /// The helpers, by name, in the order the module declares them; only those used are written.
    static let helpers: [(name: String, lines: [String])] = [
        (
            "read",
            [
                "-- A translated read of state never written gives the Swift default (the stored value otherwise).",
                "function swift.read(t, key, default)",
                "  local value = t[key]",
                "  if value == nil then return default end",
                "  return value",
                "end",
            ]
        ),
        (
            "add",
            [
                "-- Swift's + on strings and numbers.",
                "function swift.add(a, b)",
                "  if type(a) == \"string\" or type(b) == \"string\" then return tostring(a) .. tostring(b) end",
                "  return a + b",
                "end",
            ]
        ),
        (
            "div",
            [
                "-- Swift's /: an Int quotient truncates toward zero.",
                "function swift.div(a, b)",
                "  if math.type(a) == \"integer\" and math.type(b) == \"integer\" then",
                "    local q = a // b",
                "    if q < 0 and q * b ~= a then q = q + 1 end",
                "    return q",
                "  end",
                "  return a / b",
                "end",
            ]
        ),
        (
            "count",
            [
                "-- .count: characters of a string (bytes if it is not UTF-8), elements of an array.",
                "function swift.count(v)",
                "  if v == nil then return 0 end",
                "  if type(v) == \"string\" then return utf8.len(v) or #v end",
                "  return #v",
                "end",
            ]
        ),
        (
            "url_path",
            [
                "-- URL.path: the path's components after /, decoded.",
                "function swift.url_path(text)",
                "  local path = sim.url(text).path",
                "  if #path == 0 then return \"\" end",
                "  return \"/\" .. table.concat(path, \"/\")",
                "end",
            ]
        ),
        (
            "path_components",
            [
                "-- URL.pathComponents: \"/\" first, as Foundation gives it.",
                "function swift.path_components(text)",
                "  local path = sim.url(text).path",
                "  if #path == 0 then return {} end",
                "  local components = { \"/\" }",
                "  for i = 1, #path do components[#components + 1] = path[i] end",
                "  return components",
                "end",
            ]
        ),
        (
            "last_path_component",
            [
                "function swift.last_path_component(text)",
                "  local path = sim.url(text).path",
                "  return path[#path] or \"\"",
                "end",
            ]
        ),
        (
            "query_item",
            [
                "-- The first query item of that name, as queryItems?.first(where:) finds it.",
                "function swift.query_item(text, name)",
                "  for _, item in ipairs(sim.url(text).query_items) do",
                "    if item.name == name then return item.value end",
                "  end",
                "  return nil",
                "end",
            ]
        ),
        (
            "try",
            [
                "-- try?: nil when it throws.",
                "function swift.try(f)",
                "  local ok, value = pcall(f)",
                "  if ok then return value end",
                "  return nil",
                "end",
            ]
        ),
        (
            "track",
            [
                "-- The timers a window's .task and Timer.publish started, by window: cancelled when it disconnects.",
                "swift.window_timers = {}",
                "function swift.track(w, timer)",
                "  local list = swift.window_timers[w.id] or {}",
                "  swift.window_timers[w.id] = list",
                "  list[#list + 1] = timer",
                "  return timer",
                "end",
                "function swift.cancel_window_timers(w)",
                "  for _, timer in ipairs(swift.window_timers[w.id] or {}) do",
                "    if timer.status == \"pending\" then timer:cancel() end",
                "  end",
                "  swift.window_timers[w.id] = nil",
                "end",
            ]
        ),
        (
            "track_task",
            [
                "-- A .task(id:)'s pending work, by window and task: cancelled when the id changes and it runs again.",
                "swift.task_timers = {}",
                "function swift.track_task(w, key, timer)",
                "  local slot = w.id .. \" \" .. key",
                "  local list = swift.task_timers[slot] or {}",
                "  swift.task_timers[slot] = list",
                "  list[#list + 1] = timer",
                "  return swift.track(w, timer)",
                "end",
            ]
        ),
        (
            "rerun_task",
            [
                "function swift.rerun_task(w, key, run)",
                "  local slot = w.id .. \" \" .. key",
                "  for _, timer in ipairs(swift.task_timers[slot] or {}) do",
                "    if timer.status == \"pending\" then timer:cancel() end",
                "  end",
                "  swift.task_timers[slot] = nil",
                "  run(w)",
                "end",
            ]
        ),
        (
            "timer",
            [
                "-- Timer.scheduledTimer: fires every interval (or once) until invalidated; its value is an id.",
                "swift.timers = {}",
                "function swift.timer(app, interval, repeats, fire)",
                "  local id = \"timer \" .. (#swift.timers + 1)",
                "  local timer = { valid = true }",
                "  swift.timers[#swift.timers + 1] = timer",
                "  swift.timers[id] = timer",
                "  local function tick()",
                "    if not timer.valid then return end",
                "    fire()",
                "    if repeats and timer.valid then timer.pending = app:after(interval, tick) else timer.valid = false end",
                "  end",
                "  timer.pending = app:after(interval, tick)",
                "  return id",
                "end",
            ]
        ),
        (
            "invalidate",
            [
                "function swift.invalidate(id)",
                "  local timer = swift.timers and swift.timers[id]",
                "  if timer == nil or not timer.valid then return end",
                "  timer.valid = false",
                "  if timer.pending.status == \"pending\" then timer.pending:cancel() end",
                "end",
            ]
        ),
        (
            "expirations",
            [
                "-- A refresh task's expirationHandler, by the task's id: on_refresh_expired runs it.",
                "swift.expirations = {}",
            ]
        ),
        (
            "case_name",
            [
                "-- The case of an enum value: a case with associated values is { \"case\", value, ... }.",
                "function swift.case_name(v)",
                "  if type(v) == \"table\" then return v[1] end",
                "  return v",
                "end",
            ]
        ),
        (
            "end_task",
            [
                "-- endBackgroundTask(_:): finishes the task begun (nothing for .invalid).",
                "function swift.end_task(task)",
                "  if task ~= nil then task:finish() end",
                "end",
            ]
        ),
    ]
}
