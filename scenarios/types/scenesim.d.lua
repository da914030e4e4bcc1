---@meta scenesim
-- LuaLS definitions for the scenesim scenario API (see scenarios/README.md for the reference).
-- Editors that read .luarc.json at the project root get completion and type checks from this.

---@alias scenesim.Platform "iphone"|"ipados"|"macos"|"visionos"
---@alias scenesim.ScenePhase "active"|"inactive"|"background"
---@alias scenesim.WindowPhase "active"|"inactive"|"background"|"disconnected"
---@alias scenesim.Termination "system"|"user"|"crash"|"force"
---@alias scenesim.BackgroundTaskStatus "running"|"finished"|"expired"|"ended"
---@alias scenesim.Value boolean|integer|number|string

---@class scenesim.SceneDecl
---@field id string                        scene id: WindowGroup(id:) or Window(id:)
---@field value? "string"|"integer"        WindowGroup(id:for:) value type
---@field kind? "window_group"|"window"|"settings"  "window" = single-instance Window scene (macos, visionos); "settings" = the Settings scene (macos; app:open_settings)
---@field launch? "automatic"|"presented"|"suppressed"  defaultLaunchBehavior (macos, visionos): what opens at launch with nothing restored
---@field restoration? boolean             false = restorationBehavior(.disabled) (macos, visionos): its windows are never restored
---@field on_phase? fun(w: scenesim.Window, old: scenesim.WindowPhase, new: scenesim.WindowPhase)  the root view's .onChange(of: scenePhase): runs at each phase change of this group's windows, before the app:on("scene_phase") hooks
---@field on_url? fun(w: scenesim.Window, url: string): boolean?  .onOpenURL in this window: true when handled (after the model's on_url, before the routes)
---@field handles? fun(url: string): boolean?  the older spelling of allows, for URLs only
---@field prefers? fun(w: scenesim.Window, event: string): boolean?  .handlesExternalEvents(preferring:): event is the URL's text, or the target of an activity (else its webpage URL), notification or shortcut; never asked about an activity with neither; a preferring window wins over an allowing one (not on iphone, where the one scene takes every event)
---@field allows? fun(w: scenesim.Window, event: string): boolean?  .handlesExternalEvents(allowing:): may this window take the event?
---@field matching? string[]                Scene.handlesExternalEvents(matching:): a new window of this scene takes an event whose URL or target contains one of these, without case or diacritics ("*": all; "" and {}: none); the fallback is the first scene without matching
---@field on_activity? fun(w: scenesim.Window, type: string, info: table<string, scenesim.Value>): boolean?  .onContinueUserActivity in this window: true when handled
---@field on_notification? fun(w: scenesim.Window, info: table<string, scenesim.Value>)  a notification opened with a target, routed to this window (after the model's on_notification)
---@field on_shortcut? fun(w: scenesim.Window, type: string)  a home-screen shortcut opened with a target, routed to this window (after the model's on_shortcut)
---@field restore? fun(w: scenesim.Window): boolean?  checks a restored window before the restore hooks; false = it starts empty
---@field on_memory_warning? fun(w: scenesim.Window)  didReceiveMemoryWarning in this window: runs after the model's on_memory_warning, front window first (iOS family)
---@field keys? string[]|table<string, string>  the SceneStorage keys its views declare: any other w.storage key is an error (without the list, any key); a key may come with its anchor, ["k"] = "File.swift:LINE"
---@field memory? string[]|table<string, string>  its views' @State names: any other w.memory key is an error (without the list, any key); a name may come with its anchor

---@class scenesim.Policy
---@field force_quit? "discard"|"keep"             restoration data after a force quit (default "discard")
---@field storage_save? "background"|"every_write" when SceneStorage reaches the session (default "background")
---@field storage_warn_bytes? integer              warn when one scene's storage grows past this (default 4096)
---@field flicker_threshold? number                warn when a loading screen shows shorter than this, seconds (default 0.1)
---@field suspend_after? number|false              seconds in the background before suspension (5 on iphone, ipados, visionos; false = never, macos)
---@field app_switch_force_quit? "no_background"|"background"  a force quit of scenes on screen: straight to disconnected (iphone, ipados) or via background
---@field background_time? number                  background time granted to background tasks, seconds (default 30)
---@field expiration_warning? number               expiration handlers run this long before it runs out (default 5)
---@field refresh_time? number                     the time a background refresh's task gets, seconds (default 30)
---@field push_time? number                        the time a silent push's or a finished transfer's task gets, seconds (default 30)
---@field close_windows_on_quit? boolean           macos "Close windows when quitting an application": Quit discards restoration data (default true)
---@field quit_when_last_window_closes? boolean|fun(app: scenesim.App): boolean  macos applicationShouldTerminateAfterLastWindowClosed (default false); a function is asked each time the last window closes (a Window-first app always quits)
---@field first_unlock? boolean                    false: the device rebooted and starts locked, before its first unlock, until sim.system.unlock (a user launch does not unlock it; default true)

---@class scenesim.Config
---@field platform? scenesim.Platform       default "ipados"
---@field scenes? scenesim.SceneDecl[]       the App's body in order; the first WindowGroup is primary
---@field session? { user: string, ttl?: number, accessible?: "when_unlocked"|"after_first_unlock" }  a login session stored before the first launch (accessible: its keychain class, default "when_unlocked")
---@field session_ttl? number               lifetime of sessions created by app:login, seconds (default 3600)
---@field min_loading? number               the loading state shows at least this long (default 0.5)
---@field auth_latency? number              a session validation round trip, seconds (default 0.2)
---@field multiple_scenes? boolean          UIApplicationSupportsMultipleScenes (ipados; default true)
---@field visible_limit? integer            windows on screen at once (iphone 1, ipados 2, others unlimited)
---@field routes? table<string, string>     deep-link routes: <scheme>://<route>/<value> opens that scene group; a key "myapp://route" is for that scheme only
---@field os? string                       the OS major version, e.g. "18" (default: the newest scenesim knows, "26"); features newer than it are errors
---@field url_schemes? string[]              CFBundleURLTypes: the schemes the app registers; a URL of another scheme never reaches it (default: every scheme)
---@field policy? scenesim.Policy
---@field model? scenesim.Model|string     the app's own model, or the name of a registered Swift model ("builtin" for the built-in one); omitted: the built-in one (semantics 10)

---@class scenesim.StateDecl
---@field arg? "string"|"integer"|string[]  the argument the state carries: a string, an integer, or one of these words
---@field loading? boolean  a loading screen: a crash in it discards restoration data, and only such a state warns of a flicker

---@class scenesim.Model
---@field name? string                      what coverage reports call the model (default: after the first scenario declaring it)
---@field states table<string, scenesim.StateDecl>  every state by name: { loading = {}, signed_in = { arg = "string" } }
---@field initial string                    the state a process starts in, as canonical text
---@field transitions? table<string, string[]>  by state name, the states it may move to (the argument never matters)
---@field on_launch? fun(app: scenesim.App)  the App's init: runs when a process starts, before its first scene connects
---@field on_phase? fun(app: scenesim.App, old: scenesim.ScenePhase, new: scenesim.ScenePhase)  the App's .onChange(of: scenePhase): runs when the aggregate changes, after the "phase" hooks
---@field on_url? fun(app: scenesim.App, url: string): boolean|nil, string|nil  the App's .onOpenURL: true = handled; false, reason = refused; nil = the routes try it
---@field on_activity? fun(app: scenesim.App, type: string, info: table<string, scenesim.Value>): boolean|nil, string|nil  the App's .onContinueUserActivity: answers as on_url
---@field on_reopen? fun(app: scenesim.App, has_visible_windows: boolean): boolean?  applicationShouldHandleReopen(_:hasVisibleWindows:) (macos): runs at every app:reopen() of the running app (minimised windows count as visible); false stops the default (with no window, one of each launch scene opens; with every window minimised, the front one comes back)
---@field on_terminate? fun(app: scenesim.App, how: "quit"|"user"|"system")  applicationWillTerminate: a running, not suspended app is ended by a Quit (macos), by terminate("user") from the switcher, or by the system in the background; never on force quit, crash, watchdog, suspended kill; app.defaults writes persist
---@field on_should_quit? fun(app: scenesim.App): "now"|"cancel"|"later"  applicationShouldTerminate (macos): asked at each Quit (⌘Q, ⌥⌘Q, the last window's); "later" waits for app:reply_to_quit
---@field on_notification? fun(app: scenesim.App, info: table<string, scenesim.Value>)  the notification response handler: runs once the app is active after app:open_notification
---@field on_shortcut? fun(app: scenesim.App, type: string)  windowScene(_:performActionFor:): runs once the app is active after app:open_shortcut (iOS family)
---@field on_memory_warning? fun(app: scenesim.App)  applicationDidReceiveMemoryWarning: runs on sim.system.memory_warning(app), before each window's on_memory_warning
---@field on_restore_value? fun(w: scenesim.Window, key: string, value: scenesim.Value, from_version: string): scenesim.Value|nil  decodes a restored SceneStorage value an earlier version saved (after app:update): return it to keep it, another value to replace it, nil to drop it
---@field defaults_keys? string[]|table<string, string>  the app's @AppStorage keys: any other app.defaults key is an error (without the list, any key); a key the source stores otherwise comes with its anchor, ["autosave"] = "App/Settings.swift:12"
---@field memory? string[]|table<string, string>  the App's own @State and @StateObject names: any other app.memory key is an error (without the list, any key); an @Observable singleton's property comes with its anchor, ["ReadQueue.pending"] = "ReadQueue.pending"
---@field effects? table<string, fun(app: scenesim.App, w: scenesim.Window|nil, ...): ...>  what app:effect / w:effect of each name does ("Type.method"); w is nil for App-level code
---@field phase_notes? table<scenesim.ScenePhase, string>  what on_phase does on entering each phase, shown on the trace's phase lines
---@field intents? table<string, fun(app: scenesim.App, ...): ...>  what the UI can ask: each becomes app:<name>(...)
---@field on_refresh? fun(app: scenesim.App, task: scenesim.BackgroundTask)  the BGAppRefreshTask handler: runs when sim.system.refresh runs a due refresh; finish task before refresh_time runs out
---@field on_refresh_expired? fun(app: scenesim.App, task: scenesim.BackgroundTask)  the refresh task's expiration handler
---@field background_modes? ("remote-notification"|"fetch"|"audio"|"location"|"voip")[]  UIBackgroundModes: silent pushes need "remote-notification"; app:keep_running needs "audio" or "location"
---@field on_push? fun(app: scenesim.App, info: table<string, scenesim.Value>, task: scenesim.BackgroundTask)  application(_:didReceiveRemoteNotification:fetchCompletionHandler:): runs for sim.system.push; finish task (the completion handler) before push_time runs out
---@field on_transfer? fun(app: scenesim.App, name: string, task: scenesim.BackgroundTask)  handleEventsForBackgroundURLSession: runs for sim.system.transfer_done; finish task before push_time runs out
---@field on_protected_data? fun(app: scenesim.App, available: boolean)  applicationProtectedDataDidBecomeAvailable / WillBecomeUnavailable: runs as the device unlocks (true) or locks (false), in a running app that is not suspended

---@class scenesim.Overlay: scenesim.Model
---@field states? table<string, scenesim.StateDecl>
---@field initial? string
---@field defaults_keys? table<string, string>  facts the source cannot say, name -> anchor ("Path/File.swift:LINE" or "Type.property"), added to the generated list
---@field memory? table<string, string>         the same for app.memory: ["ReadQueue.pending"] = "App/ReadQueue.swift:31"
---@field scenes? table<string, scenesim.SceneDecl>  patches by scene id: fields replace the generated ones (handlers too); keys/memory add name -> anchor facts
---@field replace? table<string, scenesim.SceneDecl>  the same as scenes; each handler given must replace one the generated scene has
---@field policy? scenesim.Policy             replaces these policy keys of the generated module
---@field platform? scenesim.Platform         replaces the generated platform
---@field os? string                          replaces the generated os

---@class scenesim.Transition
---@field from string  canonical state text
---@field to string    canonical state text
---@field at number    virtual seconds
---@field reason? string  why a rejected transition was refused

--- SceneStorage: keys are strings compared byte by byte; `tostring` shows the contents,
--- `storage of main#1 {tab = 2}`.
---@class scenesim.Storage
---@field [string] scenesim.Value
local Storage = {}
--- The keys set in this scene's storage, sorted.
---@return string[]
function Storage:keys() end

--- UserDefaults / @AppStorage: survives every termination; each write is traced.
--- `tostring` shows the contents, `defaults {theme = "dark"}`; pairs walks keys sorted.
---@class scenesim.Defaults
---@field [string] scenesim.Value
local Defaults = {}
--- The keys set, sorted.
---@return string[]
function Defaults:keys() end

--- A timer made by app:after.
---@class scenesim.Task
---@field status "pending"|"done"|"cancelled"|"ended"  "ended": its process ended before it ran
---@field at number                                     virtual seconds it fires at
local Task = {}
--- Stops a pending task: true; false when it already ran or was cancelled.
---@return boolean
function Task:cancel() end

--- A value memory holds: what SceneStorage holds, or a table of such values (nested too),
--- keyed by booleans, numbers or strings; copied when written, a fresh copy at each read.
---@alias scenesim.MemoryValue scenesim.Value|table<boolean|number|string, any>

--- Process memory (@State, @StateObject, @Observable singletons): the API of SceneStorage, but
--- it dies with its holder (app.memory with the process, w.memory with the window's scene), and
--- it also holds tables. Losses are traced; writes too with `-- trace: memory` in the scenario's
--- leading comments. `tostring` shows the contents, `memory of the app {tab = 1}`.
---@class scenesim.Memory
---@field [string] scenesim.MemoryValue
local Memory = {}
--- The keys set, sorted.
---@return string[]
function Memory:keys() end

--- A background task made by app:begin_background_task (or a refresh's task).
---@class scenesim.BackgroundTask
---@field id integer
---@field name string
---@field status scenesim.BackgroundTaskStatus  "expired": its handler ran and it is not finished; "ended": its process ended
local BackgroundTask = {}
--- endBackgroundTask: true; false when it was already finished.
---@return boolean
function BackgroundTask:finish() end

---@class scenesim.Window
---@field id string                 stable label "group#n"
---@field group string              the declaring scene id
---@field value scenesim.Value|nil  the presented value
---@field phase scenesim.WindowPhase
---@field connected boolean         a scene is attached now
---@field alive boolean             the session still exists (false once discarded)
---@field storage scenesim.Storage  live SceneStorage (connected scenes of a running app only)
---@field saved table<string, scenesim.Value>  read-only copy of what restoration would give now
---@field memory scenesim.Memory    the views' in-memory state: lost when the scene disconnects
---@field minimized boolean         minimised to the Dock (macos): inactive and off screen
local Window = {}
--- Brings this window to the front, reconnecting or foregrounding it as needed.
function Window:focus() end
--- This scene alone leaves the screen (goes to background); on macos it is minimised to the Dock.
function Window:background() end
--- macos: the window goes to the Dock: inactive, off screen, its storage saved; w:focus() brings it back.
function Window:minimize() end
--- The user closes the window: its session is discarded with its storage.
function Window:close() end
--- What this window's code does that the model does not simulate ("Type.method", optionally
--- "@File.swift:LINE"): traced as "effect Type.method(args) (File.swift:LINE)", then the model's
--- effects[name](app, w, ...) runs and its results are returned (none without one); its error is this call's.
---@param name string
---@param ... any
---@return ...
function Window:effect(name, ...) end
--- The system reclaims this background scene; the session and its saved storage stay.
function Window:disconnect() end

---@class scenesim.App
---@field running boolean
---@field launches integer
---@field phase scenesim.ScenePhase        aggregate phase over connected scenes
---@field state string                     e.g. "authenticated(ada)"
---@field windows scenesim.Window[]        connected windows, front to back
---@field sessions scenesim.Window[]       every live session, in creation order
---@field front scenesim.Window|nil        the frontmost connected window
---@field history scenesim.Transition[]    accepted transitions of the current process
---@field rejected scenesim.Transition[]   rejected transitions of the current process
---@field defaults scenesim.Defaults       UserDefaults: survives every termination
---@field keychain integer|nil             the stored login token as the app reads it (nil while the device's lock keeps it unreadable); assign a token, { token = t, accessible = "after_first_unlock" }, or nil
---@field protected_data boolean          protected data is available: false while the device is locked (and before its first unlock)
---@field memory scenesim.Memory           the App's in-memory state: lost at every termination
---@field suspended boolean                the system suspended the app (no code of it runs)
---@field background_time_remaining number|nil  background time left; nil in the foreground and where the app is never suspended (macOS); 0 while suspended
---@field version string                  the installed version: "1.0" until app:update
local App = {}
--- openWindow(id:) / openWindow(id:value:); an existing window for the value comes to front.
---@param id string
---@param value? scenesim.Value
---@return scenesim.Window|nil window
---@return boolean created
function App:open_window(id, value) end
--- dismissWindow(id:) closes every window of the group; with a value, the one presenting it.
---@param id string
---@param value? scenesim.Value
---@return integer closed
function App:dismiss_window(id, value) end
--- The user leaves the app: visible scenes go inactive, then background.
function App:background() end
--- The user returns: the scenes that were visible come back.
function App:foreground() end
--- The app switcher opens: visible scenes go inactive.
function App:switcher() end
--- A system overlay covers the app: active -> inactive.
function App:interrupt() end
--- The overlay goes away: inactive -> active.
function App:resume() end
--- Ends the process: "system" (suspended app killed), "user" (force quit from the switcher; on
--- macos Quit, ⌘Q), "crash", "force" (macos Force Quit: no events, restoration kept).
--- { keep_windows = true } with "user" on macos: Quit and Keep Windows (⌥⌘Q).
---@param how scenesim.Termination
---@param options? { keep_windows?: boolean }
function App:terminate(how, options) end
--- macos: opens the Settings scene (kind = "settings"), or brings it to the front.
---@return scenesim.Window|nil window
---@return boolean created
function App:open_settings() end
--- macos: the Dock icon is clicked; a hidden app unhides; on_reopen(app, has_visible_windows)
--- runs (minimised windows count as visible) and, unless it returns false, with no window a
--- window of each scene that opens at launch opens, with every window minimised one comes back.
function App:reopen() end
--- macos: the app's answer to a Quit its on_should_quit put off ("later"): true quits now,
--- false keeps the app running. An error with no Quit waiting.
---@param quits boolean
function App:reply_to_quit(quits) end
--- macos (⌘H): every window leaves the screen; app:foreground() unhides.
function App:hide() end
--- Launches again after termination, restoring scenes.
function App:launch() end
--- The built-in model's intents (login, next_step, cancel_onboarding, logout, retry); a declared
--- model's intents are methods the same way: app:<name>(...).
--- unauthenticated -> authenticated(user), or onboarding(welcome) when new_user.
---@param opts { user: string, new_user?: boolean }
function App:login(opts) end
--- Onboarding advances one step; after "complete" the user is authenticated.
function App:next_step() end
--- onboarding -> unauthenticated.
function App:cancel_onboarding() end
--- -> unauthenticated; clears the stored session.
function App:logout() end
--- error -> loading, then initialization runs again.
function App:retry() end
--- A raw, validated transition request in canonical text.
---@param state string
---@return boolean ok
---@return string|nil reason
function App:transition(state) end
--- A URL: the model's on_url first (the built-in model refuses it unless authenticated), then
--- the scenes (semantics 12.2-12.5): the one scene on iphone; else the first window whose
--- scene's prefers, then allows, returns true; else a new window of the first scene whose
--- matching matches; that window's on_url runs; then the routes (app://<route>/<value> opens or
--- fronts that window).
--- On a terminated app it launches it first (semantics 12).
---@param url string
---@return boolean handled
function App:open_url(url) end
--- A user activity (Handoff, Spotlight, a widget): the model's on_activity, then the window that
--- prefers, allows or matches its target (targetContentIdentifier), else its webpage URL, never
--- its type; with neither, a new window of the first scene without matching. Its on_activity
--- runs. Launches a terminated app first.
---@param type string
---@param info? table<string, scenesim.Value>
---@param options? { target?: string, webpage?: string }
---@return boolean handled
function App:continue_activity(type, info, options) end
--- The user opens one of the app's notifications: the app comes to the foreground (launching
--- if needed), then the model's on_notification(app, info) runs; with a target, the
--- notification is then routed to a window as activities are, whose on_notification runs.
---@param info? table<string, scenesim.Value>
---@param options? { target?: string }
function App:open_notification(info, options) end
--- The user picks one of the app's home-screen quick actions (iOS family; an error on macos):
--- the app comes to the foreground (launching if needed), then the model's on_shortcut(app, type)
--- runs; with a target, the shortcut is then routed to a window as activities are, whose
--- on_shortcut runs.
---@param type string
---@param options? { target?: string }
function App:open_shortcut(type, options) end
--- A new version of the app is installed while it is not running (an error while it runs): the
--- next launch hands each restored SceneStorage value an earlier version saved to the model's
--- on_restore_value(w, key, value, from_version).
---@param options { version: string }
function App:update(options) end
--- Runs fn(app) at virtual time now + seconds in this process; the task ends with the process.
---@param seconds number
---@param fn fun(app: scenesim.App)
---@return scenesim.Task
function App:after(seconds, fn) end
--- beginBackgroundTask(withName:expirationHandler:): keeps a backgrounded app from being
--- suspended for background_time; fn(app, task) runs expiration_warning seconds before it runs
--- out; a task still running then ends the process (the watchdog).
---@param name string
---@param fn? fun(app: scenesim.App, task: scenesim.BackgroundTask)
---@return scenesim.BackgroundTask
function App:begin_background_task(name, fn) end
--- What the App's code does that the model does not simulate ("Type.method", optionally
--- "@File.swift:LINE"): traced as "effect Type.method(args) (File.swift:LINE)", then the model's
--- effects[name](app, nil, ...) runs and its results are returned (none without one); its error is this call's.
---@param name string
---@param ... any
---@return ...
function App:effect(name, ...) end
--- BGTaskScheduler.submit: asks for a background refresh no earlier than seconds from now
--- (iphone, ipados, visionos); replaces a pending one; a force quit cancels it.
---@param seconds number
function App:schedule_refresh(seconds) end
--- Work a background mode keeps running begins (playing audio, tracking the location; needs
--- "audio" or "location" in the model's background_modes): until app:stop_running() the app is
--- not suspended in the background, and background_time does not cap it. A second call
--- replaces the reason.
---@param reason string
function App:keep_running(reason) end
--- That work ends: in the background the app is suspended after suspend_after (unless a
--- background task runs). Nothing happens when no such work runs.
function App:stop_running() end
--- Registers a hook (several per event run in registration order; they survive relaunches).
--- Hooks run at their event: storage writes and transitions apply at once; lifecycle requests
--- (open_window, background, w:focus, sim.advance, ...) made in a hook return nothing and run
--- once the system action is over.
---@overload fun(self: scenesim.App, event: "phase", fn: fun(old: scenesim.ScenePhase, new: scenesim.ScenePhase))
---@overload fun(self: scenesim.App, event: "scene_phase", fn: fun(w: scenesim.Window, old: scenesim.WindowPhase, new: scenesim.WindowPhase))
---@overload fun(self: scenesim.App, event: "state", fn: fun(old: string, new: string))
---@overload fun(self: scenesim.App, event: "restore", fn: fun(w: scenesim.Window): boolean?)
---@param event "phase"|"scene_phase"|"state"|"restore"
---@param fn function|nil  nil removes every hook of that event
function App:on(event, fn) end

---@class scenesim.Server
local Server = {}
--- The server invalidates that user's sessions.
---@param user string
function Server.revoke(user) end
--- A new session on the server for user, lasting ttl seconds (default session_ttl); its token.
---@param user string
---@param ttl? number
---@return integer token
function Server.create_session(user, ttl) end
--- The server's side of a logout: the session behind token ends (validation answers "revoked").
--- Not traced. False for a token the server never issued.
---@param token integer
---@return boolean ended
function Server.end_session(token) end
--- Asks the server about token; fn(answer, user) runs auth_latency later (never, if the app
--- is terminated first). user is nil when the answer is "unreachable".
---@param token integer
---@param fn fun(answer: "valid"|"expired"|"revoked"|"unreachable", user: string|nil)
function Server.validate(token, fn) end

---@class scenesim.QueryItem
---@field name string
---@field value string   "" for an item without "="

--- A URL taken apart by sim.url: every part percent-decoded, as bytes.
---@class scenesim.URL
---@field scheme string                   lowercased
---@field host string|nil                 nil without "//"
---@field path string[]                   decoded components; empty ones dropped
---@field query table<string, string>     the last value of each name
---@field query_items scenesim.QueryItem[] every item, in order
---@field fragment string|nil             nil without "#"

--- A shrinkable generator of a rule's argument (scenesim explore): deterministic from the seed.
---@class scenesim.Generator

---@class scenesim.Gen
local Gen = {}
--- One of the values (strings, numbers, booleans); shrinks toward the first.
---@generic T
---@param values T[]
---@return scenesim.Generator
function Gen.one_of(values) end
--- An integer from lo to hi; shrinks toward lo.
---@param lo integer
---@param hi integer
---@return scenesim.Generator
function Gen.int(lo, hi) end
--- A float from lo to hi; shrinks toward lo.
---@param lo number
---@param hi number
---@return scenesim.Generator
function Gen.float(lo, hi) end
--- true or false; shrinks toward false.
---@return scenesim.Generator
function Gen.bool() end
--- A window of the running exploration's app, drawn from the live set of that kind (default
--- "live"); shrinks toward the oldest. The app may be left out.
---@overload fun(kind?: "live"|"connected"|"visible"|"background"): scenesim.Generator
---@param app scenesim.App|nil
---@param kind? "live"|"connected"|"visible"|"background"
---@return scenesim.Generator
function Gen.window(app, kind) end

--- A rule of an exploration: run(app, args) with args drawn from the generators.
---@class scenesim.Rule
---@field weight? number                          how often it is chosen, relative to the others (default 1)
---@field pre? fun(app: scenesim.App): boolean     it may run only when this returns true
---@field args? table<string, scenesim.Generator>
---@field run fun(app: scenesim.App, args: table)

--- What an exploration module returns (scenesim explore FILE).
--- An eventually check that says when it applies: `check` runs only where `pre` holds, and
--- --stats reports one whose `pre` never held (it checked nothing).
---@class scenesim.EventuallyCheck
---@field pre fun(app: scenesim.App): any
---@field check fun(app: scenesim.App): any

---@class scenesim.Exploration
---@field setup fun(): scenesim.App                               a fresh world per run
---@field rules? table<string, scenesim.Rule>                     added to the built-in rules
---@field builtin? boolean|string[]                               true (default), false, or the built-in rules to keep
---@field invariants? table<string, fun(app: scenesim.App): any>  after every step: error or return false (, message) to fail
---@field eventually? table<string, (fun(app: scenesim.App): any)|scenesim.EventuallyCheck>  after a final sim.settle()
---@field background_tasks? boolean                               the begin/finish_background_task rules (default: when the model declares on_refresh)
---@field watchdog_ok? boolean                                    true: a watchdog termination does not fail the run

--- A loaded exploration, as a found scenario drives it.
---@class scenesim.Explorer
local Explorer = {}
--- Runs setup; returns the app.
---@return scenesim.App
function Explorer.setup() end
--- Checks every invariant (built-in, then the module's); a failure is an error at this line.
function Explorer.check() end
--- Runs the module's rule with literal arguments.
---@param name string
---@param args? table
function Explorer.rule(name, args) end
--- The live window with this id, e.g. "doc#2".
---@param id string
---@return scenesim.Window
function Explorer.window(id) end
--- The background task numbered n (the rules' tasks, in found scenarios).
---@param n integer
---@return scenesim.BackgroundTask
function Explorer.task(n) end
--- Settles the clock, then checks the eventually invariants.
function Explorer.finish() end

---@class scenesim.Explore
local Explore = {}
--- Loads an exploration module; the path is relative to the scenario's folder.
---@param path string
---@return scenesim.Explorer
function Explore.load(path) end

---@class scenesim.System
local System = {}
--- The system runs the app's due background refresh: launches it in the background if it is not
--- running (no scene connects until app:foreground()), or resumes it, then calls on_refresh.
---@param app scenesim.App
function System.refresh(app) end
--- A silent push (content-available) with its payload: a running app gets the model's
--- on_push(app, info, task) with a task of push_time seconds; an app not running is launched in
--- the background (as for a refresh). Dropped, and traced, for an app without the
--- "remote-notification" background mode, one the user force-quit, or one not running on macos.
---@param app scenesim.App
---@param info? table<string, scenesim.Value>
function System.push(app, info) end
--- The app's background URLSession `name` finished its transfers: as sim.system.push, with the
--- model's on_transfer(app, name, task); it needs no background mode.
---@param app scenesim.App
---@param name string
function System.transfer_done(app, name) end
--- The system warns the running app that memory is short (iphone, ipados, visionos): the
--- model's on_memory_warning(app), then each connected window's scene on_memory_warning(w), front
--- to back. A suspended app is not sent one (traced); an app not running is an error.
---@param app scenesim.App
function System.memory_warning(app) end
--- The user locks the device: a foreground app goes to the background, then protected data
--- becomes unavailable (a "when_unlocked" app.keychain reads nil; on_protected_data(app, false)).
---@param app scenesim.App
function System.lock(app) end
--- The user unlocks the device: protected data becomes available; the first unlock since boot
--- also makes "after_first_unlock" keychain items readable (on_protected_data(app, true)).
---@param app scenesim.App
function System.unlock(app) end
--- The system prewarms the app: its process starts in the background and runs on_launch with no
--- scene (counted in app.launches), then suspends; the next app:launch() brings that process
--- forward without running on_launch again.
---@param app scenesim.App
function System.prewarm(app) end

---@class scenesim.Sim
---@field server scenesim.Server
---@field system scenesim.System    what the system does to the app on its own
---@field gen scenesim.Gen          generators of exploration rules' arguments
---@field explore scenesim.Explore  loads an exploration module (what a found scenario does)
---@field app scenesim.App|nil  the app sim.launch returned (nil before sim.launch)
sim = {}
--- Declares the app and cold-launches it (once per scenario).
---@param config? scenesim.Config
---@return scenesim.App
function sim.launch(config) end
--- Virtual seconds since the scenario started.
---@return number
function sim.now() end
--- The launch options of a generated module with an overlay added (what the source cannot say):
--- model fields go into the generated model, scenes/replace patch scenes by id, policy, platform
--- and os replace launch options; the generated table is not changed.
---@param generated scenesim.Config  the generated module (require "myapp_generated")
---@param overlay scenesim.Overlay
---@return scenesim.Config
function sim.extend(generated, overlay) end
--- What a generated module (scenesim scaffold) writes once: the Swift handlers it translated,
--- each labelled `File.swift:LINE what`. Returns the function each handler calls at its entry
--- (`swift.ran(label)`), which `scenesim test --coverage` counts; it is never traced. A label the
--- call did not declare is an error.
---@param app string  the App's name
---@param labels string[]
---@return fun(label: string)
function sim.swift_handlers(app, labels) end
--- Moves the clock forward, running every scheduled event in time order (at most 100000 events).
---@param seconds number
function sim.advance(seconds) end
--- Runs until nothing is scheduled (at most 100000 events).
function sim.settle() end
--- With an argument sets whether the network is reachable; returns the current value.
---@param up? boolean
---@return boolean
function sim.network(up) end
--- Writes a note line into the trace.
---@param ... any
function sim.log(...) end
--- Sets / returns the seed of math.random and every random choice.
---@param n? integer
---@return integer
function sim.seed(n) end

--- Takes a URL apart, percent-decoding each part; an unparsable URL is an error.
---@param text string
---@return scenesim.URL
function sim.url(text) end

--- luassert's spelling (scenarios/README.md, "Assertions"): `assert(v, message, ...)` is Lua's
--- own; `assert.equal` and `assert.same` show both values when they fail.
---@class scenesim.Assert
---@overload fun(v: any, message?: any, ...: any): any
assert = {}
--- Fails unless `actual` is `expected` (`==` without metamethods: 1 equals 1.0, a table only
--- itself), saying what was expected and what came, with their types.
---@param expected any
---@param actual any
---@param what? string  names the value in the message (default "assert.equal")
function assert.equal(expected, actual, what) end
--- Fails unless `actual` is the same as `expected`: equal, or tables with the same keys holding
--- the same values, deeply; the message names the first key that differs.
---@param expected any
---@param actual any
---@param what? string  names the value in the message (default "assert.same")
function assert.same(expected, actual, what) end

return sim
