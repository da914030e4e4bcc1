// SceneSimBench: per-operation cost of the simulation core as the window count grows.
// Run with scripts/bench-core.sh. Figures are minima over repeated batches; ratios compare each
// size with the 1k figure of the same run, since absolute numbers vary on a shared machine.
import SceneSimCore

let sizes = [1_000, 10_000, 100_000]
var rows: [(name: String, unit: String, values: [Double])] = [
    ("open_window, distinct value", "ns/op", []),
    ("open_window, dedup re-open", "ns/op", []),
    ("app background+foreground", "ns/pair", []),
    ("relaunch 1,000 x 10 keys: cycle", "us/relaunch", []),
    ("relaunch 1,000 x 10 keys: launch", "us/relaunch", []),
    ("fill storage, every_write (N keys)", "ns/write", []),
]
for size in sizes {
    let scenarios = Scenarios(windows: size)
    rows[0].values.append(try scenarios.openDistinct())
    rows[1].values.append(try scenarios.reopenDedup())
    rows[2].values.append(try scenarios.backgroundForeground())
    let (cycle, launch) = try scenarios.relaunch()
    rows[3].values.append(cycle / 1000)
    rows[4].values.append(launch / 1000)
    rows[5].values.append(try scenarios.storageEveryWrite())
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
/// `value` with `decimals` decimals, by integer arithmetic (no Foundation, no libm).
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int(value * Double(scale) + 0.5)
    guard decimals > 0 else { return String(scaled) }
    let digits = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: decimals - digits.count) + digits
}

print(pad("operation", 36) + pad("unit", 13) + sizes.map { pad("\($0 / 1000)k", 12) }.joined() + sizes.dropFirst().map { pad("x\($0 / 1000)k/1k", 11) }.joined())
for row in rows {
    let base = row.values[0]
    let figures = row.values.map { pad(fixed($0, 1), 12) }.joined()
    let ratios = row.values.dropFirst().map { pad(fixed($0 / base, 2), 11) }.joined()
    print(pad(row.name, 36) + pad(row.unit, 13) + figures + ratios)
}
