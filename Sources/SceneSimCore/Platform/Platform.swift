/// The device family the app runs on; it decides the policy defaults of docs/semantics.md §7.
public enum Platform: String, CaseIterable, Sendable {
    case iphone, ipados, macos, visionos

    /// Whether `Window(id:)` single-instance scenes exist (macOS and visionOS).
    package var supportsWindowScenes: Bool { self == .macos || self == .visionos }

    /// The OS's name in messages: iOS, iPadOS, macOS, visionOS.
    public var osName: String {
        switch self {
        case .iphone: "iOS"
        case .ipados: "iPadOS"
        case .macos: "macOS"
        case .visionos: "visionOS"
        }
    }

    /// The major OS versions scenesim knows, oldest first (semantics 14.1).
    public var knownOS: [Int] {
        switch self {
        case .iphone, .ipados: [15, 16, 17, 18, 26]
        case .macos: [11, 12, 13, 14, 15, 26]
        case .visionos: [1, 2, 26]
        }
    }

    /// The newest OS version scenesim knows: what an app runs on unless it says `os`.
    public var newestOS: Int {
        // A constant, not `knownOS.last`: every open_window reads it (config.os), and the array
        // is built at each read (bench-core). PlatformV5LaunchTests checks the two agree.
        switch self {
        case .iphone, .ipados, .macos, .visionos: 26
        }
    }

    /// The first version with `Window` scenes here (nil: none needed or none exist).
    package var windowSceneOS: Int? {
        switch self {
        case .macos: 13
        case .visionos: 26
        case .iphone, .ipados: nil
        }
    }

    /// The first version with `defaultLaunchBehavior` and `restorationBehavior` here.
    package var sceneBehaviorOS: Int? {
        switch self {
        case .macos: 15
        case .visionos: 26
        case .iphone, .ipados: nil
        }
    }

    /// The first version with `restorationBehavior(_:)` here (`.automatic`); `disabled` asks for
    /// `.disabled`, which visionOS has only from 26 (semantics 14.1).
    package func restorationOS(disabled: Bool) -> Int {
        switch self {
        case .iphone, .ipados: 18
        case .macos: 15
        case .visionos: disabled ? 26 : 2
        }
    }

    /// The first version with value-presenting window groups (`WindowGroup(id:for:)`) and
    /// `OpenWindowAction` here (nil: every version scenesim knows has them).
    package var openWindowOS: Int? {
        switch self {
        case .iphone, .ipados: 16
        case .macos: 13
        case .visionos: nil
        }
    }

    /// The first version with `DismissWindowAction` here (nil: every version scenesim knows).
    package var dismissWindowOS: Int? {
        switch self {
        case .iphone, .ipados: 17
        case .macos: 14
        case .visionos: nil
        }
    }

    /// Whether scenes take `defaultLaunchBehavior` (macOS, visionOS).
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
