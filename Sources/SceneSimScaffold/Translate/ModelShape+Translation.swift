extension ScaffoldFacts {
    /// Translates the handlers `shape` lists (and the App's launch code) from the sources into
    /// Lua, and adds the state keys the translation reads or writes to the model's lists.
    func translateHandlers(into shape: inout ModelShape, platform: String) {
        guard let source else { return }
        let symbols = Symbols(index: source, rawValueTypes: rawValueTypes, delegate: app.delegateAdaptor?.type)
        let translator = Translator(
            symbols: symbols, platform: platform,
            valueScenes: shape.scenes.filter { $0.value != nil }.map { ($0.id, $0.valueType) })
        translator.rootViews = Set(shape.scenes.compactMap(\.rootView))
        for scene in shape.scenes { if let root = scene.rootView, let type = scene.valueType { translator.valueRoots[root] = type } }
        translator.index = source
        translator.appName = ModelShape.reportName(shape.name)
        var origins: [(ModelShape.Origin, String)] = []
        for handler in shape.scenes.flatMap(\.handlers) + shape.handlers {
            for named in [handler] + handler.more { if let origin = named.origin { origins.append((origin, handler.name)) } }
        }
        let sites = translator.handlerSites(source, origins: origins, roots: Set(shape.scenes.compactMap(\.rootView)))
        for scene in shape.scenes { if let root = scene.rootView { translator.rootScenes[root, default: []].append(scene.id) } }
        translator.prepareSceneClosures(source, scenes: shape.scenes.compactMap { scene in scene.origin.map { (scene.id, $0.file, $0.line) } })
        translator.prepareTaskRuns()
        for i in shape.scenes.indices {
            for j in shape.scenes[i].handlers.indices {
                let handler = shape.scenes[i].handlers[j]
                shape.scenes[i].handlers[j].body = translator.handlerBody(handler.name, handlers: [handler] + handler.more, scene: true, sites: sites)
            }
        }
        var lifecycleHandlers: [String: [String]] = [:]
        for i in shape.scenes.indices {
            guard let root = shape.scenes[i].rootView, let lifecycle = translator.lifecycleBody(root: root, scene: shape.scenes[i].id) else { continue }
            if let j = shape.scenes[i].handlers.firstIndex(where: { $0.name == "on_phase" }), var body = shape.scenes[i].handlers[j].body {
                body.insert(contentsOf: lifecycle, at: 1)  // after `local app = sim.app`
                shape.scenes[i].handlers[j].body = body
            } else {
                lifecycleHandlers[shape.scenes[i].id] = ["        local app = sim.app"] + lifecycle
            }
        }
        for j in shape.handlers.indices {
            let handler = shape.handlers[j]
            shape.handlers[j].body = translator.handlerBody(handler.name, handlers: [handler] + handler.more, scene: false, sites: sites)
        }
        var extra: [Translation.ModelHandler] = []
        if let launch = translator.launchBody(source, delegate: app.delegateAdaptor?.type) {
            extra.append(.init(name: "on_launch", parameters: "app", body: launch))
        }
        let delegate = app.delegateAdaptor?.type
        if let reopen = translator.reopenHandler(delegate: delegate) { extra.append(reopen) }
        if let notification = translator.notificationHandler(delegate: delegate) { extra.append(notification) }
        let policy = translator.quitPolicy(delegate: delegate)
        let notes = translator.unmodelledDelegateMethods(delegate: delegate)
        var translation = translator.translation()
        translation.policy = policy ?? []
        translation.modelNotes = notes
        if !translator.refreshHandlers.isEmpty {
            let chunks = translator.refreshHandlers
            let body = chunks.count == 1 ? chunks[0] : chunks.flatMap { ["      ;(function()"] + $0.map { "  " + $0 } + ["      end)()"] }
            extra.append(.init(name: "on_refresh", parameters: "app, task", body: body))
        }
        if translator.expirationUsed {
            // (helper("expirations") was asked for while translating, so the table is declared.)
            extra.append(
                .init(
                    name: "on_refresh_expired", parameters: "app, task",
                    body: [
                        "      local expired = swift.expirations[task.id]",
                        "      swift.expirations[task.id] = nil",
                        "      if expired ~= nil then expired() end",
                    ]))
        }
        translation.modelHandlers = extra
        translation.lifecycleHandlers = lifecycleHandlers
        // The keys translated code uses must be declared, or the module's own writes are refused.
        for key in symbols.heldMemory where !shape.memory.contains(where: { $0.name == key.name }) {
            shape.memory.append(.init(key.name, origin: .init(file: key.file, line: key.line), note: key.note))
        }
        for key in translator.usedMemoryKeys where !shape.memory.contains(where: { $0.name == key.key }) {
            shape.memory.append(.init(key.key, origin: .init(file: key.file, line: key.line), note: nil))
        }
        for key in translator.usedDefaultsKeys where !shape.defaultsKeys.contains(where: { $0.name == key.key }) {
            shape.defaultsKeys.append(.init(key.key, origin: .init(file: key.file, line: key.line), note: "UserDefaults"))
        }
        shape.translation = translation
    }
}
