import ByteText

extension ModelShape {
    /// The major OS versions sim.launch's `os` takes, by platform (SceneSimCore's
    /// `Platform.knownOS`; a test keeps the two in step).
    package static let knownOS: [String: [Int]] = [
        "iphone": [15, 16, 17, 18, 26], "ipados": [15, 16, 17, 18, 26], "macos": [11, 12, 13, 14, 15, 26], "visionos": [1, 2, 26],
    ]

    /// The project's launch options as Lua lines for the module's top level (after
    /// `platform`), each with its file:line; comments for the rest.
    var projectLines: [String] {
        var lines: [String] = []
        if let os {
            lines.append("  os = \(luaString(os.name)), -- \(os.note ?? "") (\(os.origin?.text ?? ""))")
        }
        if let multipleScenes {
            lines.append("  multiple_scenes = \(multipleScenes.name), -- \(multipleScenes.note ?? "") (\(multipleScenes.origin?.text ?? ""))")
        }
        if !urlSchemes.isEmpty {
            lines.append("  url_schemes = { -- CFBundleURLSchemes")
            for scheme in urlSchemes { lines.append("    \(luaString(scheme.name)), -- \(scheme.origin?.text ?? "")") }
            lines.append("  },")
        }
        lines += projectNotes.map { "  -- \($0)" }
        return lines
    }
}

extension ScaffoldFacts {
    /// Fills `shape`'s launch options from the project's facts (spec behaviour-from-source §3):
    /// what `sim.launch` takes (`os`, `multiple_scenes`, `url_schemes`) as options, what it
    /// does not take yet (background modes, refresh identifiers) as comments; never an option
    /// that would make the module fail to load.
    func applyProject(to shape: inout ModelShape) {
        let platform = shape.platform
        if project.files.isEmpty {
            shape.projectNotes.append(
                "No Info.plist, project.pbxproj or Package.swift platforms under the paths: platform, os, multiple_scenes and url_schemes are scenesim's defaults.")
            return
        }
        if let first = project.platforms.first {
            var note = "platform: \(first.value) from \(first.source) (\(first.at))"
            let others = project.platforms.dropFirst().map(\.value)
            if !others.isEmpty { note += "; the project also targets \(others.joined(separator: ", ")): give --platform to model one of those" }
            if platform != first.value { note += "; this module is for \(platform), as --platform asked" }
            shape.projectNotes.append(note)
        }
        if let target = project.deploymentTarget(for: platform) {
            // `17.0`, `14.5`: what sim.launch reads; anything else (`$(VARIABLE)`) is no version.
            let parts = target.value.split(separator: ".", omittingEmptySubsequences: false)
            let major = parts.allSatisfy({ Int($0) != nil }) ? Int(parts[0]) ?? 0 : 0
            let known = ModelShape.knownOS[platform] ?? []
            // What the module's scenes need (sim.launch refuses an older os).
            var needs: [(String, Int)] = []
            if shape.scenes.contains(where: { $0.kind == "window" }) {
                if platform == "macos" { needs.append(("a Window scene", 13)) }
                if platform == "visionos" { needs.append(("a Window scene", 26)) }
            }
            if shape.scenes.contains(where: { $0.launch != nil || $0.restoration != nil }) {
                if platform == "macos" { needs.append(("defaultLaunchBehavior or restorationBehavior", 15)) }
                if platform == "visionos" { needs.append(("defaultLaunchBehavior or restorationBehavior", 26)) }
            }
            let osName = ["iphone": "iOS", "ipados": "iOS", "macos": "macOS", "visionos": "visionOS"][platform] ?? platform
            if !known.contains(major) {
                let newer = known.first { $0 > major }
                shape.projectNotes.append(
                    "os: the deployment target is \(osName) \(ByteString.displayed(Array(target.value.utf8))) (\(target.source), \(target.at)), a version scenesim does not model (\(known.map(String.init).joined(separator: ", "))); the app runs on the newest"
                        + (newer.map { " unless you set os = \"\($0)\"" } ?? ""))
            } else if let need = needs.first(where: { major < $0.1 }) {
                shape.projectNotes.append(
                    "os: the deployment target is \(osName) \(ByteString.displayed(Array(target.value.utf8))) (\(target.source), \(target.at)), but the scenes use \(need.0), which needs \(osName) \(need.1) (behind #available in the app): the app runs on the newest"
                )
            } else {
                shape.os = .init(target.value, origin: .init(file: target.file, line: target.line), note: target.source)
            }
        }
        if let multiple = project.multipleScenes {
            shape.multipleScenes = .init(multiple.value, origin: .init(file: multiple.file, line: multiple.line), note: multiple.source)
        }
        for scheme in project.urlSchemes {
            // sim.launch takes scheme names only (a letter, then letters, digits, + - .).
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
            if let first = scheme.value.first, first.isASCII, first.isLetter, scheme.value.allSatisfy(allowed.contains) {
                shape.urlSchemes.append(.init(scheme.value, origin: .init(file: scheme.file, line: scheme.line)))
            } else {
                shape.projectNotes.append(
                    "url_schemes: \(luaString(scheme.value)) (\(scheme.at)) is not a scheme name sim.launch takes (a build variable?); add the scheme it stands for by hand")
            }
        }
        // Facts the runtime does not take as launch options yet: comments, and in --format json.
        if !project.backgroundModes.isEmpty {
            shape.projectNotes.append("background_modes (UIBackgroundModes): " + project.backgroundModes.map { "\(luaString($0.value)) (\($0.at))" }.joined(separator: ", "))
        }
        if !project.refreshIdentifiers.isEmpty {
            shape.projectNotes.append(
                "refresh identifiers (BGTaskSchedulerPermittedIdentifiers): " + project.refreshIdentifiers.map { "\(luaString($0.value)) (\($0.at))" }.joined(separator: ", "))
        }
    }
}
