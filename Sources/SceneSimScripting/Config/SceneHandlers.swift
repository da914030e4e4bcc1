import LuaKit

/// The handlers of one WindowGroup's root view (semantics 10.8), declared on its scene entry.
struct SceneHandlers {
    /// `.onChange(of: scenePhase)`: at each phase change of the group's windows.
    var onPhase: LuaFunctionRef?
    /// `.onOpenURL` in a window of the group: true when it handled the URL.
    var onURL: LuaFunctionRef?
    /// `.handlesExternalEvents`: may a window of the group take this URL?
    var handles: LuaFunctionRef?
    /// Checks a restored window of the group: false makes it start empty.
    var restore: LuaFunctionRef?

    /// Each key with the shape its error message names.
    static let shapes = [
        ("on_phase", "function(w, old, new)"), ("on_url", "function(w, url)"),
        ("handles", "function(url)"), ("restore", "function(w)"),
    ]

    var isEmpty: Bool { onPhase == nil && onURL == nil && handles == nil && restore == nil }

    subscript(key: String) -> LuaFunctionRef? {
        get {
            switch key {
            case "on_phase": onPhase
            case "on_url": onURL
            case "handles": handles
            default: restore
            }
        }
        set {
            switch key {
            case "on_phase": onPhase = newValue
            case "on_url": onURL = newValue
            case "handles": handles = newValue
            default: restore = newValue
            }
        }
    }
}
