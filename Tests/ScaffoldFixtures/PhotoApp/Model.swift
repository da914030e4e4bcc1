import SwiftUI
import UniformTypeIdentifiers

enum Album: String, Identifiable, Codable, Hashable {
    case favorites, recents
    var id: String { rawValue }
}

@Observable final class Library {
    func open(_ url: URL) {}
}

final class PhotoAppDelegate: NSObject, UIApplicationDelegate {}

struct CaptionDocument: FileDocument {
    static var readableContentTypes: [UTType] { [.plainText] }
    var text = ""
    init() {}
    init(configuration: ReadConfiguration) throws {}
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper { FileWrapper() }
}
