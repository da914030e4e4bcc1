import ByteText
extension CoverageReport {
    /// Plain text: a heading per section with covered/total, then each item with its hits and
    /// the first scenario that hit it, or `NOT COVERED`.
    public func text() -> String {
        var out = "coverage of \(scenarios) \(scenarios == 1 ? "scenario" : "scenarios"), computed from the events that ran\n"
        for section in sections {
            out += "\n\(section.title): \(section.covered)/\(section.items.count) (\(section.percentText))\n"
            let width = section.items.map(\.name.count).max() ?? 0
            let hitsWidth = max(4, section.items.map { String($0.hits).count }.max() ?? 0)
            for item in section.items {
                let hits = String(item.hits)
                out += "  " + String(repeating: " ", count: hitsWidth - hits.count) + hits + "  "
                out += item.name + String(repeating: " ", count: width - item.name.count)
                out += item.first.map { "  first: " + $0 } ?? "  NOT COVERED"
                out += "\n"
            }
        }
        return out
    }

    /// One JSON object: the models, the scenario count, and each section with its items.
    public func json() -> String {
        func quote(_ s: String) -> String { JSONText.quoted(s) }
        let sectionsJSON = sections.map { section in
            let items = section.items.map { item in
                "{\"first\":\(item.first.map(quote) ?? "null"),\"hits\":\(item.hits),\"name\":\(quote(item.name))}"
            }
            return "{\"covered\":\(section.covered),\"items\":[\(items.joined(separator: ","))],\"metric\":\(section.metric.map(quote) ?? "null"),\"title\":\(quote(section.title)),\"total\":\(section.items.count)}"
        }
        return "{\"models\":[\(tables.map { quote($0.name) }.joined(separator: ","))],\"scenarios\":\(scenarios),\"sections\":[\n" + sectionsJSON.joined(separator: ",\n") + "\n]}\n"
    }

    /// A Mermaid flowchart of each model's states: covered transitions solid with their hits,
    /// uncovered ones dashed with 0, states nobody reached drawn dashed. Several models are
    /// drawn side by side, each in a subgraph of its own.
    public func mermaid() -> String {
        var out = "flowchart LR\n"
        var unreached: [String] = []
        let modelSections = zip(sections("states"), sections("transitions"))
        for (index, (table, (states, transitions))) in zip(tables, modelSections).enumerated() {
            // One model keeps plain state names as node ids; several get a prefix each.
            let prefix = tables.count > 1 ? "m\(index + 1)_" : ""
            func node(_ state: String) -> String { prefix.isEmpty ? state : "\(prefix)\(state)[\(state)]" }
            let indent = tables.count > 1 ? "        " : "    "
            if tables.count > 1 { out += "    subgraph \(prefix)model[\"\(table.name)\"]\n" }
            out += "\(indent)\(prefix)start((start)) --> \(node(table.initial))\n"
            let hits = Dictionary(uniqueKeysWithValues: transitions.items.map { ($0.name, $0.hits) })
            for transition in table.transitions {
                let count = hits[transition.text] ?? 0
                let arrow = count > 0 ? "-->|\(count)|" : "-.->|0|"
                out += "\(indent)\(node(transition.from)) \(arrow) \(node(transition.to))\n"
            }
            if tables.count > 1 { out += "    end\n" }
            unreached += states.items.filter { $0.hits == 0 }.map { prefix + $0.name }
        }
        if !unreached.isEmpty {
            out += "    classDef uncovered stroke-dasharray: 5 5\n"
            out += "    class \(unreached.joined(separator: ",")) uncovered\n"
        }
        return out
    }
}
