@_spi(_Unicode) import Swift  // String._nfd: the canonical decomposition that folding diacritics needs (no Foundation in the core)
import ByteText

/// An event from outside the app that SwiftUI routes to one of its scenes (semantics 12): a
/// URL (`.onOpenURL`), a user activity (`.onContinueUserActivity`, Handoff, Spotlight), or a
/// notification or home-screen shortcut that names a target (semantics 12.10).
public enum ExternalEvent: Equatable, Sendable {
    /// A URL, as the script wrote it.
    case url(ByteString)
    /// A user activity: its type (`com.example.edit`), its `userInfo`, and what it is matched
    /// on: its `targetContentIdentifier`, else its `webpageURL`'s string (nil: neither).
    case activity(type: String, info: SimSceneStorage, target: String?)
    /// A notification the user opened whose content names a target (`targetContentIdentifier`).
    case notification(info: SimSceneStorage, target: String)
    /// A home-screen quick action (`UIApplicationShortcutItem`) that names a target.
    case shortcut(type: String, target: String)

    /// What `prefers`, `allows` and `matching` compare (semantics 12.3, 12.4): a URL's absolute
    /// string; an activity's, notification's or shortcut's target. Nil for an activity with
    /// neither a target nor a webpage URL: it is compared with nothing.
    public var text: ByteString? {
        switch self {
        case .url(let url): url
        case .activity(_, _, let target): target.map { ByteString($0) }
        case .notification(_, let target), .shortcut(_, let target): ByteString(target)
        }
    }

    /// The handler a window runs for it, as refusals name it.
    var handlerName: String {
        switch self {
        case .url: "on_url"
        case .activity: "on_activity"
        case .notification: "on_notification"
        case .shortcut: "on_shortcut"
        }
    }

    /// Whether `pattern`, one string of a scene's `matching`, matches `text` (semantics 12.4):
    /// `"*"` matches every text; otherwise the text contains the pattern, compared without case
    /// or diacritics (`"Café"` matches `"cafe"`); an empty pattern matches nothing.
    static func matches(_ pattern: String, _ text: [UInt8]) -> Bool {
        if pattern.isEmpty { return false }
        if pattern == "*" { return true }
        return contains(text, Array(fold(pattern).utf8))
    }

    /// A text without case or diacritics: decomposed (NFD), its combining marks dropped, then
    /// lowercased, as `NSString.CompareOptions [.caseInsensitive, .diacriticInsensitive]` compare.
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.canonicalCombiningClass.rawValue == 0 {
            scalars.append(scalar)
        }
        return String(scalars).lowercased()
    }

    /// `fold` of bytes that may not be UTF-8 (a URL as the script wrote it): invalid bytes read
    /// as U+FFFD, which no pattern's letters match.
    static func fold(_ text: ByteString) -> [UInt8] {
        Array(fold(String(decoding: text.bytes, as: UTF8.self)).utf8)
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty else { return false }
        guard text.count >= part.count else { return false }
        for start in 0...(text.count - part.count) where text[start..<(start + part.count)].elementsEqual(part) {
            return true
        }
        return false
    }
}

/// What launched a process, when an event did (semantics 12.8): the launch line names it.
public enum LaunchCause: Equatable, Sendable {
    /// `openURL(_:)` on an app that was not running.
    case url(ByteString)
    /// `continueActivity(_:info:target:webpage:)` on an app that was not running.
    case activity(String)
    /// `openNotification(_:target:)` on an app that was not running.
    case notification
    /// `openShortcut(_:target:)` on an app that was not running: the shortcut's type.
    case shortcut(String)
}

/// Where an app scene launches a window when nothing is restored (`SceneLaunchBehavior`).
public enum LaunchBehavior: String, Sendable, CaseIterable {
    /// The default: only the first scene of the body opens, when no scene is `presented`.
    case automatic
    /// Opens one window at launch.
    case presented
    /// Never opens at launch.
    case suppressed
}
