import Foundation

/// Where a forum:// link goes.
enum Route {
    case thread(Int)
    case user(name: String)
    case sort(String)
    case closeThreads
    case settings

    static func parse(_ url: URL) -> Route? {
        guard url.scheme == "forum" else { return nil }
        switch url.host {
        case "thread":
            guard let id = Int(url.lastPathComponent) else { return nil }
            return .thread(id)
        case "user":
            return .user(name: url.lastPathComponent)
        case "sort":
            return .sort(url.lastPathComponent)
        case "close":
            return .closeThreads
        default:
            return .settings
        }
    }
}
