/// The device family the app runs on; it decides the policy defaults of docs/semantics.md §7.
public enum Platform: String, CaseIterable, Sendable {
    case iphone, ipados, macos, visionos

    /// Whether `Window(id:)` single-instance scenes exist (macOS and visionOS).
    package var supportsWindowScenes: Bool { self == .macos || self == .visionos }

    /// Whether scenes take `defaultLaunchBehavior` and `restorationBehavior` (macOS, visionOS).
    package var hasSceneLaunchBehaviors: Bool { self == .macos || self == .visionos }

    /// Hiding a macOS app takes its windows from active straight to background (§1.2).
    package var skipsInactiveWhenHiding: Bool { self == .macos }

    /// With no connected scene, macOS keeps the last aggregate phase; the iOS family reads background (§1.3).
    package var keepsPhaseWithoutScenes: Bool { self == .macos }

    /// Windows on screen at once by default: iphone 1, ipados 2, others unlimited (nil).
    public var defaultVisibleLimit: Int? {
        switch self {
        case .iphone: 1
        case .ipados: 2
        case .macos, .visionos: nil
        }
    }
}
