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

    /// One JSON object: the model, the scenario count, and each section with its items.
    public func json() -> String {
        func quote(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        let sectionsJSON = sections.map { section in
            let items = section.items.map { item in
                "{\"first\":\(item.first.map(quote) ?? "null"),\"hits\":\(item.hits),\"name\":\(quote(item.name))}"
            }
            return "{\"covered\":\(section.covered),\"items\":[\(items.joined(separator: ","))],\"metric\":\(section.metric.map(quote) ?? "null"),\"title\":\(quote(section.title)),\"total\":\(section.items.count)}"
        }
        return "{\"model\":\(quote(model)),\"scenarios\":\(scenarios),\"sections\":[\n" + sectionsJSON.joined(separator: ",\n") + "\n]}\n"
    }

    /// A Mermaid flowchart of the model's states: covered transitions solid with their hits,
    /// uncovered ones dashed with 0, states nobody reached drawn dashed.
    public func mermaid() -> String {
        var out = "flowchart LR\n    start((start)) --> \(table.states.first ?? "loading")\n"
        let hits = Dictionary(uniqueKeysWithValues: (section("transitions")?.items ?? []).map { ($0.name, $0.hits) })
        for transition in table.transitions {
            let count = hits[transition.text] ?? 0
            let arrow = count > 0 ? "-->|\(count)|" : "-.->|0|"
            let from = transition.from, to = transition.to
            out += "    \(from) \(arrow) \(to)\n"
        }
        let unreached = (section("states")?.items ?? []).filter { $0.hits == 0 }.map(\.name)
        if !unreached.isEmpty {
            out += "    classDef uncovered stroke-dasharray: 5 5\n"
            out += "    class \(unreached.joined(separator: ",")) uncovered\n"
        }
        return out
    }
}
