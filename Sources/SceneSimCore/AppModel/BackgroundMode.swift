/// A background mode the app declares (`UIBackgroundModes` in its Info.plist; semantics 11.8
/// and 11.10), as scripts spell it.
public enum BackgroundMode: String, Sendable, CaseIterable {
    /// Silent pushes (`content-available`) wake or launch the app.
    case remoteNotification = "remote-notification"
    /// Background app refresh.
    case fetch
    /// Playing audio keeps the app running in the background (`keepRunning`).
    case audio
    /// Location updates keep the app running in the background (`keepRunning`).
    case location
    /// Voice over IP.
    case voip

    /// The modes that let `keepRunning` hold an app awake in the background.
    static let keepingRunning: [BackgroundMode] = [.audio, .location]
}

extension BackgroundMode {
    /// Why `name` is not a mode: the modes there are, with "did you mean".
    package static func unknown(_ name: String) -> String {
        let names = allCases.map(\.rawValue)
        return "unknown background mode \"\(name)\"\(suggestion(for: name, among: names)); the modes are \(names.joined(separator: ", "))"
    }
}
