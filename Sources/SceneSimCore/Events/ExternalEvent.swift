import ByteText

/// An event from outside the app that SwiftUI routes to one of its scenes (semantics 12): a
/// URL (`.onOpenURL`) or a user activity (`.onContinueUserActivity`, Handoff, Spotlight).
public enum ExternalEvent: Equatable, Sendable {
    /// A URL, as the script wrote it.
    case url(ByteString)
    /// A user activity: its type (`com.example.edit`) and its `userInfo`.
    case activity(type: String, info: SceneStorage)

    /// What `prefers`, `allows` and `matching` read: the URL's text, or the activity's type.
    public var text: ByteString {
        switch self {
        case .url(let url): url
        case .activity(let type, _): ByteString(type)
        }
    }

    /// The handler a window runs for it, as refusals name it.
    var handlerName: String {
        switch self {
        case .url: "on_url"
        case .activity: "on_activity"
        }
    }
}

/// What launched a process, when an event did (semantics 12.8): the launch line names it.
public enum LaunchCause: Equatable, Sendable {
    /// `app:open_url` on an app that was not running.
    case url(ByteString)
    /// `app:continue_activity` on an app that was not running.
    case activity(String)
    /// `app:open_notification` on an app that was not running.
    case notification
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
