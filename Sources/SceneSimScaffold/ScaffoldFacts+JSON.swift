import ByteText
extension ScaffoldFacts {
    /// The facts as JSON (docs/scaffold.schema.json): keys in a fixed order, arrays in source
    /// order, two-space indentation, a final newline.
    package var json: String { json(platform: nil) }

    /// The facts as JSON, with what the handler translation for `platform` (default: the
    /// inferred one) left untranslated.
    package func json(platform: String?) -> String {
        let untranslated = modelShape(platform: platform ?? inferredPlatform).translation.untranslated
        let out = JSONWriter()
        out.object {
            out.key("app") {
                out.object {
                    out.field("name", .string(app.name))
                    out.field("file", .string(app.file))
                    out.field("line", .int(app.line))
                    if let adaptor = app.delegateAdaptor {
                        out.key("delegate_adaptor") {
                            out.object {
                                out.field("type", .string(adaptor.type))
                                out.field("wrapper", .string(adaptor.wrapper))
                            }
                        }
                    } else {
                        out.field("delegate_adaptor", .null)
                    }
                }
            }
            out.key("scenes") {
                out.array(scenes) { scene in
                    out.object {
                        out.field("kind", .string(scene.kind))
                        out.field("id", .string(scene.id))
                        out.field("value_type", .optional(scene.valueType))
                        if let constant = scene.idConstant { out.field("id_constant", constant.json) }
                        out.field("root_view", .optional(scene.rootView))
                        out.field("condition", .optional(scene.condition))
                        if let matching = scene.matching {
                            out.key("matching") { out.inlineStrings(matching) }
                        } else {
                            out.field("matching", .null)
                        }
                        out.field("launch", .optional(scene.launch))
                        out.field("restoration", .optional(scene.restoration))
                        out.field("file", .string(scene.file))
                        out.field("line", .int(scene.line))
                    }
                }
            }
            out.key("views") {
                out.array(views) { view in
                    out.object {
                        out.field("name", .string(view.name))
                        out.field("file", .string(view.file))
                        out.field("line", .int(view.line))
                        out.field("is_app", .bool(view.isApp))
                        for (name, list) in [("scene_storage", view.sceneStorage), ("app_storage", view.appStorage)] {
                            out.key(name) {
                                out.array(list) { item in
                                    out.inlineObject(
                                        [("key", .string(item.key))] + (item.keyConstant.map { [("key_constant", $0.json)] } ?? [])
                                            + [
                                                ("name", .string(item.name)), ("type", .optional(item.type)),
                                                ("default", .optional(item.defaultValue)), ("file", .string(item.file)), ("line", .int(item.line)),
                                            ])
                                }
                            }
                        }
                        out.key("memory") {
                            out.array(view.memory) { item in
                                out.inlineObject([
                                    ("name", .string(item.name)), ("wrapper", .string(item.wrapper)), ("type", .optional(item.type)), ("file", .string(item.file)),
                                    ("line", .int(item.line)),
                                ])
                            }
                        }
                        out.key("handlers") {
                            out.array(view.handlers) { item in
                                var fields: [(String, JSONWriter.Value)] = [("kind", .string(item.kind))]
                                if item.kind == "continue_activity" { fields.append(("activity_type", .optional(item.activityType))) }
                                if let constant = item.constant { fields.append(("activity_type_constant", constant.json)) }
                                fields.append(("file", .string(item.file)))
                                fields.append(("line", .int(item.line)))
                                out.inlineObject(fields)
                            }
                        }
                        for (name, list) in [("open_window", view.openWindow), ("dismiss_window", view.dismissWindow)] {
                            out.key(name) {
                                out.array(list) { item in
                                    var fields: [(String, JSONWriter.Value)] = [("id", .optional(item.id))]
                                    if let constant = item.constant { fields.append(("id_constant", constant.json)) }
                                    if name == "open_window" { fields.append(("by_value", .bool(item.byValue))) }
                                    fields.append(("file", .string(item.file)))
                                    fields.append(("line", .int(item.line)))
                                    out.inlineObject(fields)
                                }
                            }
                        }
                    }
                }
            }
            out.key("reach") {
                out.object {
                    for entry in reach {
                        out.key(entry.scene) { out.inlineStrings(entry.views) }
                    }
                }
            }
            out.key("project") { writeProject(out) }
            out.key("warnings") { out.inlineStrings(warnings) }
            out.key("untranslated") {
                out.array(untranslated) { item in
                    out.inlineObject([("file", .string(item.file)), ("line", .int(item.line)), ("text", .string(item.text))])
                }
            }
        }
        return out.text + "\n"
    }
}

/// A small, deterministic JSON writer: objects keep the order fields are written in.
final class JSONWriter {
    enum Value {
        case string(String), int(Int), bool(Bool), null
        /// Text already in JSON (an inline object).
        case raw(String)
        static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }
    }

    var text = ""
    private var indent = 0
    private var first = [true]

    private func separate() {
        if !first[first.count - 1] { text += "," }
        first[first.count - 1] = false
        text += "\n" + String(repeating: "  ", count: indent)
    }

    func object(_ body: () -> Void) {
        text += "{"
        indent += 1
        first.append(true)
        body()
        let empty = first.removeLast()
        indent -= 1
        text += empty ? "}" : "\n" + String(repeating: "  ", count: indent) + "}"
    }

    func array<T>(_ items: [T], _ body: (T) -> Void) {
        text += "["
        indent += 1
        first.append(true)
        for item in items {
            separate()
            body(item)
        }
        let empty = first.removeLast()
        indent -= 1
        text += empty ? "]" : "\n" + String(repeating: "  ", count: indent) + "]"
    }

    func key(_ name: String, _ body: () -> Void) {
        separate()
        text += Self.quote(name) + ": "
        body()
    }

    func field(_ name: String, _ value: Value) {
        key(name) { text += Self.render(value) }
    }

    func inlineObject(_ fields: [(String, Value)]) {
        text += "{ " + fields.map { Self.quote($0.0) + ": " + Self.render($0.1) }.joined(separator: ", ") + " }"
    }

    func inlineStrings(_ items: [String]) {
        text += "[" + items.map(Self.quote).joined(separator: ", ") + "]"
    }

    static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): quote(s)
        case .int(let i): String(i)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .raw(let text): text
        }
    }

    /// A JSON string literal, by the project's one JSON escaper.
    static func quote(_ s: String) -> String { JSONText.quoted(s) }
}
