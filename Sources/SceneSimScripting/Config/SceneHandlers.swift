import LuaKit

/// The handlers of one scene's root view (semantics 10.8, 12), declared on its scene entry.
package struct SceneHandlers {
    /// `.onChange(of: scenePhase)`: at each phase change of the group's windows.
    var onPhase: LuaFunctionRef?
    /// `.onOpenURL` in a window of the group: true when it handled the URL.
    var onURL: LuaFunctionRef?
    /// The `allowing:` of `.handlesExternalEvents`, for URLs: `function(url)`.
    var handles: LuaFunctionRef?
    /// Checks a restored window of the group: false makes it start empty.
    var restore: LuaFunctionRef?
    /// `.handlesExternalEvents(preferring:)`: `function(w, event)`.
    var prefers: LuaFunctionRef?
    /// `.handlesExternalEvents(allowing:)`: `function(w, event)`.
    var allows: LuaFunctionRef?
    /// `.onContinueUserActivity` in a window of the group: `function(w, type, info)`.
    package var onActivity: LuaFunctionRef?

    /// Each key with the shape its error message names.
    static let shapes = [
        ("on_phase", "function(w, old, new)"), ("on_url", "function(w, url)"),
        ("handles", "function(url)"), ("restore", "function(w)"),
        ("prefers", "function(w, event)"), ("allows", "function(w, event)"),
        ("on_activity", "function(w, type, info)"),
    ]

    var isEmpty: Bool {
        onPhase == nil && onURL == nil && handles == nil && restore == nil && prefers == nil && allows == nil && onActivity == nil
    }

    /// Whether the scene declares `prefers`, `allows` or `handles` (semantics 12.4).
    var declaresModifiers: Bool { prefers != nil || allows != nil || handles != nil }

    subscript(key: String) -> LuaFunctionRef? {
        get {
            switch key {
            case "on_phase": onPhase
            case "on_url": onURL
            case "handles": handles
            case "prefers": prefers
            case "allows": allows
            case "on_activity": onActivity
            default: restore
            }
        }
        set {
            switch key {
            case "on_phase": onPhase = newValue
            case "on_url": onURL = newValue
            case "handles": handles = newValue
            case "prefers": prefers = newValue
            case "allows": allows = newValue
            case "on_activity": onActivity = newValue
            default: restore = newValue
            }
        }
    }
}
