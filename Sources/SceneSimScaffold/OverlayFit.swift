import ByteText

/// What an overlay (the second argument of `sim.extend`) adds to a generated module, as
/// `scenesim check-model` checks it against the source (behaviour-from-source §4.2).
package struct OverlayFacts: Sendable {
    /// A fact the overlay adds with its anchor: `list` is `memory`, `defaults_keys`, or a
    /// scene's `keys`/`memory` (`scene` set).
    package struct Fact: Sendable {
        package var list: String
        package var scene: String?
        package var name: String
        package var anchor: String
        package init(list: String, scene: String? = nil, name: String, anchor: String) {
            (self.list, self.scene, self.name, self.anchor) = (list, scene, name, anchor)
        }
    }

    /// The effects it implements, by name.
    package var effects: [String] = []
    package var facts: [Fact] = []
    /// The handlers it gives under `replace = { id = { handler = ... } }`.
    package var replaced: [(scene: String, handler: String)] = []
    /// The scene ids it patches (`scenes` or `replace`).
    package var patchedScenes: [String] = []
    package init() {}
}

/// What checking an overlay or a model's anchored facts found: failures, and warnings (a
/// declaration that moved within its file).
package struct FitReport: Sendable {
    package var differences: [ModelShape.Difference] = []
    package var warnings: [ModelShape.Difference] = []
    package init() {}
}

extension ModelShape {
    /// Whether `overlay` still fits the generated module the source gives (`self`, whose text
    /// calls `calledEffects`): each effect it implements is one the module calls, each fact's
    /// anchor still names its declaration, each `replace` names a generated handler, each
    /// patched scene exists. Failures are placed at the line of `overlayText` (the overlay's
    /// file, `file`) that names them, else at `fallback`.
    package func fit(
        _ overlay: OverlayFacts, calledEffects: [String], anchors: FactAnchorCheck,
        overlayText: String, file: String, fallback: Int
    ) -> FitReport {
        var report = FitReport()
        let lines = overlayText.split(separator: "\n", omittingEmptySubsequences: false)
        func place(_ name: String) -> Origin {
            let quoted = luaString(name)
            let index = lines.firstIndex { $0.contains(quoted) } ?? lines.firstIndex { $0.contains(name) }
            return Origin(file: file, line: index.map { $0 + 1 } ?? fallback)
        }
        func fail(_ at: Origin, _ message: String) { report.differences.append(.init(file: at.file, line: at.line, message: message)) }
        for effect in overlay.effects where !calledEffects.contains(effect) {
            let hint =
                closestName(effect, calledEffects).map { "; did you mean \"\($0)\"?" }
                ?? (calledEffects.isEmpty ? "; it calls none" : "; it calls \(calledEffects.map { "\"\($0)\"" }.joined(separator: ", "))")
            fail(place(effect), "effects[\(luaString(effect))]: the generated module calls no effect of that name\(hint)")
        }
        for id in overlay.patchedScenes where !scenes.contains(where: { $0.id == id }) {
            let hint = closestName(id, scenes.map(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(place(id), "the overlay patches scene \"\(id)\", which the source no longer has\(hint)")
        }
        for (id, handler) in overlay.replaced {
            guard let scene = scenes.first(where: { $0.id == id }) else { continue }
            if !scene.handlers.contains(where: { $0.name == handler }) {
                let has = scene.handlers.map(\.name)
                fail(
                    place(handler),
                    "replace.\(id).\(handler): the generated scene \"\(id)\" has no \(handler) to replace"
                        + (has.isEmpty ? " (it has no handler)" : " (it has \(has.joined(separator: ", ")))"))
            }
        }
        for fact in overlay.facts {
            let what = fact.scene.map { "scenes.\($0).\(fact.list)" } ?? fact.list
            let at = place(fact.name)
            guard let anchor = FactAnchor(fact.anchor) else {
                fail(at, "\(what)[\(luaString(fact.name))]: \(luaString(fact.anchor)) is not an anchor; give where the app declares it: \(FactAnchor.forms)")
                continue
            }
            switch anchors.check(anchor, of: fact.name) {
            case .holds: break
            case .moved(let line):
                guard case .line(let path, _) = anchor else { break }
                report.warnings.append(
                    .init(
                        file: at.file, line: at.line,
                        message: "\(what)[\(luaString(fact.name))]: its declaration moved from \(anchor.text) to \(path):\(line); update the anchor"))
            case .broken(let reason):
                fail(at, "\(what)[\(luaString(fact.name))]: the anchor \(luaString(anchor.text)) no longer names its declaration: \(reason)")
            }
        }
        return report
    }

    private func closestName(_ name: String, _ candidates: [String]) -> String? {
        let limit = max(1, min(name.count / 3, 8))
        return EditDistance.closest(to: name, among: candidates, bound: { _ in limit })
    }
}

extension ScaffoldFacts {
    /// The generated module's text on `platform`: what `scenesim scaffold` writes, and what
    /// `scenesim check-model` compares a generated module with.
    package func generatedModule(platform: String) -> String {
        modelShape(platform: platform).lua
    }
}
