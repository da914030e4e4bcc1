import ByteText
extension CoverageReport {
    /// Plain text: a heading per section with covered/total, then each item with its hits and
    /// the first scenario that hit it, or `NOT COVERED`.
    package func text() -> String {
        var out = "coverage of \(scenarios) \(scenarios == 1 ? "scenario" : "scenarios"), computed from the events that ran\n"
        for section in sections {
            // A section with no rows (the transitions of a one-state model) has nothing to
            // cover; "0/0 (100%)" read as if something had been.
            guard !section.items.isEmpty else {
                out += "\n\(section.title): nothing to cover\n"
                continue
            }
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
    package func json() -> String {
        func quote(_ s: String) -> String { JSONText.quoted(s) }
        let sectionsJSON = sections.map { section in
            let items = section.items.map { item in
                // A translated handler's item also gives its Swift file and line apart.
                if section.metric == "handlers" {
                    let (file, line, _) = HandlerCounts.parts(item.name)
                    return "{\"file\":\(quote(String(file))),\"first\":\(item.first.map(quote) ?? "null"),\"hits\":\(item.hits),\"line\":\(line),\"name\":\(quote(item.name))}"
                }
                return "{\"first\":\(item.first.map(quote) ?? "null"),\"hits\":\(item.hits),\"name\":\(quote(item.name))}"
            }
            return
                "{\"covered\":\(section.covered),\"items\":[\(items.joined(separator: ","))],\"metric\":\(section.metric.map(quote) ?? "null"),\"title\":\(quote(section.title)),\"total\":\(section.items.count)}"
        }
        return "{\"models\":[\(tables.map { quote($0.name) }.joined(separator: ","))],\"scenarios\":\(scenarios),\"sections\":[\n" + sectionsJSON.joined(separator: ",\n")
            + "\n]}\n"
    }

    /// A Mermaid flowchart of each model's states: covered transitions solid with their hits,
    /// uncovered ones dashed with 0, states nobody reached drawn dashed; each model in a
    /// subgraph of its own. Nodes are numbered (`m1_s2`) and labelled with the state's name in
    /// quotes: a state may be called `end`, `graph` or `start`, or hold spaces and brackets,
    /// none of which can be a node id.
    package func mermaid() -> String {
        var out = "flowchart LR\n"
        var unreached: [String] = []
        let modelSections = zip(sections("states"), sections("transitions"))
        for (index, (table, (states, transitions))) in zip(tables, modelSections).enumerated() {
            let prefix = "m\(index + 1)_"
            let number = Dictionary(table.states.enumerated().map { ($1, $0 + 1) }) { first, _ in first }
            var drawn: Set<String> = []
            func node(_ state: String) -> String {
                let id = prefix + "s\(number[state] ?? 0)"
                return drawn.insert(state).inserted ? "\(id)[\"\(Self.mermaidLabel(state))\"]" : id
            }
            out += "    subgraph \(prefix)model[\"\(Self.mermaidLabel(table.name))\"]\n"
            out += "        \(prefix)start((start)) --> \(node(table.initial))\n"
            let hits = Dictionary(uniqueKeysWithValues: transitions.items.map { ($0.name, $0.hits) })
            for transition in table.transitions {
                let count = hits[transition.text] ?? 0
                let arrow = count > 0 ? "-->|\(count)|" : "-.->|0|"
                out += "        \(node(transition.from)) \(arrow) \(node(transition.to))\n"
            }
            // A state no transition names is still drawn.
            for state in table.states where !drawn.contains(state) { out += "        \(node(state))\n" }
            out += "    end\n"
            unreached += states.items.filter { $0.hits == 0 }.map { prefix + "s\(number[$0.name] ?? 0)" }
        }
        if !unreached.isEmpty {
            out += "    classDef uncovered stroke-dasharray: 5 5\n"
            out += "    class \(unreached.joined(separator: ",")) uncovered\n"
        }
        return out
    }

    /// `text` inside a quoted Mermaid label: quotes as the entity Mermaid reads, a line break as
    /// a space (a label is one line).
    static func mermaidLabel(_ text: String) -> String {
        var label = ""
        for character in text {
            switch character {
            case "\"": label += "#quot;"
            case "\n", "\r", "\r\n": label += " "
            default: label.append(character)
            }
        }
        return label
    }
}
