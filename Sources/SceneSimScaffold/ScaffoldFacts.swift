/// What `scenesim scaffold` reads from an app's Swift source (docs/scaffold.schema.json): the
/// `@main App`, its scenes, every view's storage, memory, handlers and window calls, and which
/// views each scene reaches. Every fact carries the file (relative to the first path) and line.
package struct ScaffoldFacts: Sendable, Equatable {
    package struct App: Sendable, Equatable {
        package var name: String
        package var file: String
        package var line: Int
        /// `@UIApplicationDelegateAdaptor(T.self)` / `@NSApplicationDelegateAdaptor`: the type and the wrapper's name.
        package var delegateAdaptor: (type: String, wrapper: String)?

        package static func == (a: App, b: App) -> Bool {
            a.name == b.name && a.file == b.file && a.line == b.line
                && a.delegateAdaptor?.type == b.delegateAdaptor?.type && a.delegateAdaptor?.wrapper == b.delegateAdaptor?.wrapper
        }
    }

    package struct Scene: Sendable, Equatable {
        /// `window_group`, `window`, `document_group`, `settings`, `menu_bar_extra`,
        /// `immersive_space` or `utility_window`.
        package var kind: String
        /// `id:` as written, else the root view's type name (`_2` for a second one).
        package var id: String
        /// Whether `id` came from the source's `id:`.
        package var idDeclared: Bool
        /// `id:` written as a constant: the constant and where it is declared.
        package var idConstant: StringConstants.Resolved?
        /// `for: T.self`, as `T`.
        package var valueType: String?
        package var rootView: String?
        /// Every view type the scene's closures construct besides the root, in order: what the
        /// root's own modifiers present there (`Root().sheet { Composer() }`). Reached too.
        package var presentedViews: [String] = []
        /// The `#if` condition's text (`os(macOS)`), `&&`-joined when nested.
        package var condition: String?
        package var matching: [String]?
        package var launch: String?
        package var restoration: String?
        package var file: String
        package var line: Int
    }

    package struct Storage: Sendable, Equatable {
        package var key: String
        /// The key written as a constant: the constant and where it is declared.
        package var keyConstant: StringConstants.Resolved?
        /// The `#if` condition the property is under (`os(macOS)`), nil for none.
        package var condition: String?
        package var name: String
        package var type: String?
        package var defaultValue: String?
        /// The file it is in (a type's extensions may lie in other files than its declaration).
        package var file: String = ""
        package var line: Int
    }

    package struct Memory: Sendable, Equatable {
        package var name: String
        /// `State`, `StateObject` or `FocusState`.
        package var wrapper: String
        /// The `#if` condition the property is under, nil for none.
        package var condition: String?
        package var type: String?
        /// The file it is in (a type's extensions may lie in other files than its declaration).
        package var file: String = ""
        package var line: Int
    }

    package struct Handler: Sendable, Equatable {
        /// `scene_phase`, `open_url`, `continue_activity` or `handles_external_events`.
        package var kind: String
        /// How the source writes it: `.onChange(of: scenePhase)`.
        package var text: String
        /// `onContinueUserActivity("type")`'s activity type.
        package var activityType: String?
        /// The activity type written as a constant.
        package var constant: StringConstants.Resolved?
        /// The `#if` condition it is under inside its view (`os(macOS)`), nil for none.
        package var condition: String?
        /// The file it is in (a type's extensions may lie in other files than its declaration).
        package var file: String = ""
        package var line: Int
    }

    package struct WindowCall: Sendable, Equatable {
        package var id: String?
        /// The id written as a constant.
        package var constant: StringConstants.Resolved?
        package var byValue: Bool
        /// The `#if` condition it is under inside its view, nil for none.
        package var condition: String?
        /// The file it is in (a type's extensions may lie in other files than its declaration).
        package var file: String = ""
        package var line: Int
    }

    package struct View: Sendable, Equatable {
        package var name: String
        package var file: String
        package var line: Int
        package var isApp = false
        package var sceneStorage: [Storage] = []
        package var appStorage: [Storage] = []
        package var memory: [Memory] = []
        package var handlers: [Handler] = []
        package var openWindow: [WindowCall] = []
        package var dismissWindow: [WindowCall] = []
        /// `file:line: warning: ...` for storage whose key is not a string literal
        /// (`@SceneStorage(Keys.tab)`): no key to declare, so it is said, not dropped.
        package var unreadKeys: [String] = []
    }

    package var app: App
    package var scenes: [Scene] = []
    package var views: [View] = []
    /// Scene id → the views it reaches, its root first, in the order they are met.
    package var reach: [(scene: String, views: [String])] = []
    /// `file:line: ...` for each file that did not parse whole.
    package var warnings: [String] = []
    /// Enums declared with a raw value type (`enum Tab: Int`), by name: `Int` or `String`.
    package var rawValueTypes: [String: String] = [:]
    /// What the project files say: URL schemes, multiple scenes, deployment targets, device
    /// families, background modes (ProjectFacts.swift).
    package var project = Project()
    /// The parsed declarations, for the handler translator (Translate/); not compared.
    package var source: SourceIndex?

    package static func == (a: ScaffoldFacts, b: ScaffoldFacts) -> Bool {
        a.app == b.app && a.scenes == b.scenes && a.views == b.views && a.warnings == b.warnings && a.project == b.project
            && a.reach.map(\.scene) == b.reach.map(\.scene) && a.reach.map(\.views) == b.reach.map(\.views)
    }

    package func view(named name: String) -> View? { views.first { $0.name == name } }

    /// The views scene `id` reaches (nil: no such scene).
    package func reached(from id: String) -> [String]? { reach.first { $0.scene == id }?.views }
}

/// Why scaffolding failed: no `@main App`, or a path that cannot be read. `message` says where it looked.
package struct ScaffoldError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
