import SwiftSyntax

/// The parsed sources as the scan left them: every declared type with its member blocks (its
/// extensions' too) and every file's tree. The handler translator reads declarations from it.
/// Immutable once built; syntax trees are values.
package final class SourceIndex: @unchecked Sendable {
    struct File {
        var path: String
        var converter: SourceLocationConverter
        var tree: SourceFileSyntax
    }

    let types: [String: TypeInfo]
    let files: [File]
    let appName: String

    init(types: [String: TypeInfo], files: [File], appName: String) {
        self.types = types
        self.files = files
        self.appName = appName
    }

    /// The declared types in source order (the first declaration's), so every walk over them
    /// gives the same output.
    var orderedTypes: [TypeInfo] { types.values.filter(\.declared).sorted { $0.order < $1.order } }
}
