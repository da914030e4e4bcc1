import SwiftParser
import SwiftSyntax

extension ScaffoldFacts {
    /// One value read from a project file, with where it is.
    package struct Fact: Sendable, Equatable {
        package var value: String
        package var file: String
        package var line: Int
        /// How the file names it: `CFBundleURLSchemes`, `IPHONEOS_DEPLOYMENT_TARGET`, `.iOS(.v17)`.
        package var source: String
        package init(_ value: String, file: String, line: Int, source: String) {
            self.value = value
            self.file = file
            self.line = line
            self.source = source
        }
        package var at: String { "\(file):\(line)" }
    }

    /// What the project files under the paths say of the app (spec behaviour-from-source §3):
    /// `Info.plist`, the `project.pbxproj` build settings of the App's target, `Package.swift`'s
    /// `platforms:`. Empty when there is none.
    package struct Project: Sendable, Equatable {
        /// The project files read, in path order.
        package var files: [String] = []
        /// The pbxproj target whose settings were read.
        package var target: Fact?
        /// `CFBundleURLSchemes`, in order.
        package var urlSchemes: [Fact] = []
        /// `UIApplicationSupportsMultipleScenes` (in `UIApplicationSceneManifest`): `true`/`false`.
        package var multipleScenes: Fact?
        /// Deployment targets by OS: value `iOS 17.0`, `macOS 14.0`, `visionOS 1.0`.
        package var deploymentTargets: [Fact] = []
        /// scenesim platforms (`iphone`, `ipados`, `macos`, `visionos`) in the order the
        /// project lists them; the first is the model's `platform`.
        package var platforms: [Fact] = []
        /// `UIBackgroundModes`, in order.
        package var backgroundModes: [Fact] = []
        /// `BGTaskSchedulerPermittedIdentifiers`, in order.
        package var refreshIdentifiers: [Fact] = []

        /// The deployment target for `platform` (`17.0`), if the project names one.
        package func deploymentTarget(for platform: String) -> Fact? {
            let os = ["iphone": "iOS", "ipados": "iOS", "macos": "macOS", "visionos": "visionOS"][platform] ?? ""
            guard let fact = deploymentTargets.first(where: { $0.value.hasPrefix(os + " ") }) else { return nil }
            var version = fact
            version.value = String(fact.value.dropFirst(os.count + 1))
            return version
        }
    }
}

/// Reads `ScaffoldFacts.Project` from the project files and `Package.swift`.
struct ProjectReader {
    var warnings: [String] = []
    var project = ScaffoldFacts.Project()

    /// `projectFiles`: the Info.plist and project.pbxproj files found; `sources`: the Swift
    /// files (for `Package.swift`); `appFile`: the file of the `@main App` (to pick its target
    /// and its Info.plist where there are several).
    mutating func read(projectFiles: [Scaffolder.Source], sources: [Scaffolder.Source], appFile: String) {
        let pbxprojs = projectFiles.filter { $0.path.hasSuffix("project.pbxproj") }
        let plists = projectFiles.filter { !$0.path.hasSuffix("project.pbxproj") }
        var infoPlistSetting: String?
        // The build settings first: they name the target's Info.plist.
        if let (file, settings) = readProject(pbxprojs, appFile: appFile) {
            project.files.append(file)
            infoPlistSetting = settings["INFOPLIST_FILE"]?.string
            apply(settings, file: file)
        }
        if let plist = choosePlist(plists, setting: infoPlistSetting, appFile: appFile) {
            project.files.append(plist.path)
            switch XMLPropertyListReader.read(plist.text) {
            case .success(let root): applyPlist(root, file: plist.path)
            case .failure(let failure):
                warnings.append(
                    "\(plist.path):\(failure.line): warning: not read as a property list: \(failure.message); its URL schemes, scenes and background modes are not in the model")
            }
        }
        if let package = sources.first(where: { $0.path == "Package.swift" || $0.path.hasSuffix("/Package.swift") }) {
            let before = project.deploymentTargets.count + project.platforms.count
            readPackage(package)
            if project.deploymentTargets.count + project.platforms.count > before { project.files.append(package.path) }
        }
        project.files.sort()
    }

    // MARK: project.pbxproj

    /// The build settings of the App's target (its project's settings under them), and the file.
    private mutating func readProject(_ files: [Scaffolder.Source], appFile: String) -> (String, [String: PropertyList])? {
        var candidates: [(file: String, objects: [(key: String, value: PropertyList)], target: (key: String, value: PropertyList), score: Int)] = []
        for file in files {
            let root: PropertyList
            switch ASCIIPropertyListReader.read(file.text) {
            case .success(let value): root = value
            case .failure(let failure):
                warnings.append("\(file.path):\(failure.line): warning: not read as an Xcode project: \(failure.message); its build settings are not in the model")
                continue
            }
            guard case .dictionary(let objects, _)? = root["objects"] else { continue }
            let byID = Dictionary(objects.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let appName = appFile.split(separator: "/").last.map(String.init) ?? appFile
            let appFolders = Set(appFile.split(separator: "/").dropLast().map(String.init))
            for object in objects
            where object.value["isa"]?.string == "PBXNativeTarget"
                && object.value["productType"]?.string == "com.apple.product-type.application"
            {
                // Its sources: a build file naming the App's file, or a synchronized folder
                // (Xcode 16) the App's file is in.
                var score = 1
                for phase in object.value["buildPhases"]?.array ?? [] {
                    guard let phaseID = phase.string, let phaseObject = byID[phaseID], phaseObject["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                    for buildFile in phaseObject["files"]?.array ?? [] {
                        guard let id = buildFile.string, let reference = byID[id]?["fileRef"]?.string,
                            let path = byID[reference]?["path"]?.string
                        else { continue }
                        if path == appName || path.hasSuffix("/" + appName) { score = 2 }
                    }
                }
                for group in object.value["fileSystemSynchronizedGroups"]?.array ?? [] {
                    guard let id = group.string, let path = byID[id]?["path"]?.string else { continue }
                    if appFolders.contains(path) { score = 2 }
                }
                candidates.append((file.path, objects, object, score))
            }
        }
        // The App's target, else the first application target.
        guard let best = candidates.first(where: { $0.score == 2 }) ?? candidates.first else { return nil }
        let byID = Dictionary(best.objects.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let name = best.target.value["name"]?.string ?? best.target.key
        project.target = .init(name, file: best.file, line: best.target.value.line, source: "PBXNativeTarget")
        if candidates.count > 1 {
            let others = candidates.filter { $0.target.key != best.target.key }.map { $0.target.value["name"]?.string ?? $0.target.key }
            warnings.append(
                "\(best.file):\(best.target.value.line): warning: \(candidates.count) application targets; the build settings are \(name)'s\(best.score == 2 ? " (it builds the @main App)" : ", the first"), not \(others.joined(separator: ", "))'s"
            )
        }
        // The project's settings, then the target's over them; the Release configuration's
        // where there are several (what ships), else the first.
        func settings(of listID: String?) -> [String: PropertyList] {
            guard let listID, let configurations = byID[listID]?["buildConfigurations"]?.array else { return [:] }
            let objects = configurations.compactMap { $0.string.flatMap { byID[$0] } }
            let chosen = objects.first { $0["name"]?.string == "Release" } ?? objects.first
            guard case .dictionary(let entries, _)? = chosen?["buildSettings"] else { return [:] }
            return Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let projectObject = best.objects.first { $0.value["isa"]?.string == "PBXProject" }?.value
        var merged = settings(of: projectObject?["buildConfigurationList"]?.string)
        merged.merge(settings(of: best.target.value["buildConfigurationList"]?.string)) { _, target in target }
        return (best.file, merged)
    }

    private mutating func apply(_ settings: [String: PropertyList], file: String) {
        for (key, os) in [("IPHONEOS_DEPLOYMENT_TARGET", "iOS"), ("MACOSX_DEPLOYMENT_TARGET", "macOS"), ("XROS_DEPLOYMENT_TARGET", "visionOS")] {
            if let value = settings[key], let version = value.string {
                project.deploymentTargets.append(.init("\(os) \(version)", file: file, line: value.line, source: key))
            }
        }
        // TARGETED_DEVICE_FAMILY = "1,2": iPhone, iPad (7: Apple Vision); SUPPORTED_PLATFORMS
        // or SDKROOT name the Mac.
        if let family = settings["TARGETED_DEVICE_FAMILY"], let text = family.string {
            for number in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
                if let platform = ["1": "iphone", "2": "ipados", "7": "visionos"][String(number)] {
                    addPlatform(.init(platform, file: file, line: family.line, source: "TARGETED_DEVICE_FAMILY"))
                }
            }
        }
        let supported = settings["SUPPORTED_PLATFORMS"] ?? settings["SDKROOT"]
        if let supported, let text = supported.string {
            let names = text.split(separator: " ").map(String.init)
            let key = settings["SUPPORTED_PLATFORMS"] != nil ? "SUPPORTED_PLATFORMS" : "SDKROOT"
            if names.contains("iphoneos"), !project.platforms.contains(where: { $0.value == "iphone" || $0.value == "ipados" }) {
                addPlatform(.init("ipados", file: file, line: supported.line, source: key))
            }
            if names.contains("macosx") { addPlatform(.init("macos", file: file, line: supported.line, source: key)) }
            if names.contains("xros") { addPlatform(.init("visionos", file: file, line: supported.line, source: key)) }
        }
        // Info.plist keys written as build settings (Xcode's generated Info.plist).
        if let value = settings["INFOPLIST_KEY_UIApplicationSupportsMultipleScenes"], let flag = value.bool {
            project.multipleScenes = .init(flag ? "true" : "false", file: file, line: value.line, source: "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes")
        }
        if let value = settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"], value.bool == true, project.multipleScenes == nil {
            // A generated scene manifest supports multiple scenes unless a key says otherwise.
            project.multipleScenes = .init("true", file: file, line: value.line, source: "INFOPLIST_KEY_UIApplicationSceneManifest_Generation")
        }
    }

    private mutating func addPlatform(_ fact: ScaffoldFacts.Fact) {
        if !project.platforms.contains(where: { $0.value == fact.value }) { project.platforms.append(fact) }
    }

    // MARK: Info.plist

    /// The target's Info.plist (its INFOPLIST_FILE), else the only one, else the one nearest
    /// the App's file, with a warning naming the others.
    private mutating func choosePlist(_ plists: [Scaffolder.Source], setting: String?, appFile: String) -> Scaffolder.Source? {
        guard !plists.isEmpty else { return nil }
        if let setting {
            let wanted = setting.replacingSourceRoot()
            if let match = plists.first(where: { $0.path == wanted || $0.path.hasSuffix("/" + wanted) || wanted.hasSuffix("/" + $0.path) }) { return match }
        }
        if plists.count == 1 { return plists[0] }
        func shared(_ path: String) -> Int {
            zip(path.split(separator: "/").dropLast(), appFile.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
        }
        let best = plists.enumerated().max { (shared($0.element.path), -$0.offset) < (shared($1.element.path), -$1.offset) }!.element
        warnings.append(
            "\(best.path):1: warning: \(plists.count) Info.plist files; read this one, nearest the @main App, not \(plists.filter { $0.path != best.path }.map(\.path).joined(separator: ", "))"
        )
        return best
    }

    private mutating func applyPlist(_ root: PropertyList, file: String) {
        for type in root["CFBundleURLTypes"]?.array ?? [] {
            for scheme in type["CFBundleURLSchemes"]?.array ?? [] {
                if let text = scheme.string, !text.isEmpty, !project.urlSchemes.contains(where: { $0.value == text }) {
                    project.urlSchemes.append(.init(text, file: file, line: scheme.line, source: "CFBundleURLSchemes"))
                }
            }
        }
        if let manifest = root["UIApplicationSceneManifest"], let value = manifest["UIApplicationSupportsMultipleScenes"], let flag = value.bool {
            project.multipleScenes = .init(flag ? "true" : "false", file: file, line: value.line, source: "UIApplicationSupportsMultipleScenes")
        }
        for mode in root["UIBackgroundModes"]?.array ?? [] {
            if let text = mode.string { project.backgroundModes.append(.init(text, file: file, line: mode.line, source: "UIBackgroundModes")) }
        }
        for identifier in root["BGTaskSchedulerPermittedIdentifiers"]?.array ?? [] {
            if let text = identifier.string { project.refreshIdentifiers.append(.init(text, file: file, line: identifier.line, source: "BGTaskSchedulerPermittedIdentifiers")) }
        }
        if let minimum = root["LSMinimumSystemVersion"], let version = minimum.string, !version.hasPrefix("$"),
            !project.deploymentTargets.contains(where: { $0.value.hasPrefix("macOS ") })
        {
            project.deploymentTargets.append(.init("macOS \(version)", file: file, line: minimum.line, source: "LSMinimumSystemVersion"))
        }
        if project.platforms.isEmpty {
            for family in root["UIDeviceFamily"]?.array ?? [] {
                if let platform = ["1": "iphone", "2": "ipados"][family.string ?? ""] {
                    addPlatform(.init(platform, file: file, line: family.line, source: "UIDeviceFamily"))
                }
            }
        }
    }

    // MARK: Package.swift

    /// `platforms: [.iOS(.v17), .macOS("14.0")]` in `Package(...)`.
    private mutating func readPackage(_ package: Scaffolder.Source) {
        let tree = Parser.parse(source: package.text)
        let converter = SourceLocationConverter(fileName: package.path, tree: tree)
        final class Finder: SyntaxVisitor {
            var platforms: ArrayExprSyntax?
            override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
                if node.label?.text == "platforms", platforms == nil, let array = node.expression.as(ArrayExprSyntax.self) { platforms = array }
                return platforms == nil ? .visitChildren : .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let list = finder.platforms else { return }
        let fromProject = !project.platforms.isEmpty
        for element in list.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                let (os, platform) = [("iOS", ("iOS", "ipados")), ("macOS", ("macOS", "macos")), ("visionOS", ("visionOS", "visionos"))].first(where: { $0.0 == name })?.1
            else { continue }
            let line = call.startLocation(converter: converter).line
            let text = call.trimmedDescription
            if let argument = call.arguments.first?.expression {
                // `.v17`, `.v14_5`, `"17.0"`.
                var version: String?
                if let literal = stringValue(argument) {
                    version = literal
                } else if let member = argument.as(MemberAccessExprSyntax.self), member.declName.baseName.text.hasPrefix("v") {
                    version = String(member.declName.baseName.text.dropFirst().replacing("_", with: "."))
                }
                if let version, let major = version.split(separator: ".").first, Int(major) != nil,
                    !project.deploymentTargets.contains(where: { $0.value.hasPrefix(os + " ") })
                {
                    project.deploymentTargets.append(.init("\(os) \(version.contains(".") ? version : version + ".0")", file: package.path, line: line, source: text))
                }
            }
            if !fromProject { addPlatform(.init(platform, file: package.path, line: line, source: text)) }
        }
    }
}

extension String {
    /// `$(SRCROOT)/App/Info.plist` → `App/Info.plist`.
    fileprivate func replacingSourceRoot() -> String {
        var text = self
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "./"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return text
    }
}

extension ScaffoldFacts {
    /// The `project` object of `--format json` (docs/scaffold.schema.json).
    func writeProject(_ out: JSONWriter) {
        func fact(_ item: Fact) -> [(String, JSONWriter.Value)] {
            [("value", .string(item.value)), ("source", .string(item.source)), ("file", .string(item.file)), ("line", .int(item.line))]
        }
        func single(_ name: String, _ item: Fact?) {
            if let item { out.key(name) { out.inlineObject(fact(item)) } } else { out.field(name, .null) }
        }
        func list(_ name: String, _ items: [Fact]) {
            out.key(name) { out.array(items) { out.inlineObject(fact($0)) } }
        }
        out.object {
            out.key("files") { out.inlineStrings(project.files) }
            single("target", project.target)
            list("url_schemes", project.urlSchemes)
            single("multiple_scenes", project.multipleScenes)
            out.key("deployment_targets") {
                out.array(project.deploymentTargets) { item in
                    let parts = item.value.split(separator: " ", maxSplits: 1).map(String.init)
                    out.inlineObject([
                        ("os", .string(parts.first ?? "")), ("version", .string(parts.count > 1 ? parts[1] : "")),
                        ("source", .string(item.source)), ("file", .string(item.file)), ("line", .int(item.line)),
                    ])
                }
            }
            list("platforms", project.platforms)
            list("background_modes", project.backgroundModes)
            list("refresh_identifiers", project.refreshIdentifiers)
        }
    }
}
