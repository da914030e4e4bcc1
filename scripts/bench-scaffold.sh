#!/usr/bin/env bash
# Speed of `scenesim scaffold`: 1,000 generated SwiftUI files of typical size (views with
# storage, state, handlers, helpers and nested calls, ~120 lines each) and one @main App,
# scaffolded by a release build, against `swiftc -frontend -parse` (one process) on the same
# files, in one run.
# Prints both times and the ratio; the goal is at most 3x. Usage: scripts/bench-scaffold.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000}"

swift build -c release --scratch-path .build-bench -Xswiftc -enforce-exclusivity=unchecked --product scenesim >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$work" "$count" <<'PY'
import sys
root, count = sys.argv[1], int(sys.argv[2])
with open(f"{root}/BenchApp.swift", "w") as f:
    f.write("import SwiftUI\n\n@main\nstruct BenchApp: App {\n    @Environment(\\.scenePhase) private var phase\n    var body: some Scene {\n")
    f.write("        WindowGroup(id: \"main\") { View0() }\n        .onChange(of: phase) { _, _ in }\n")
    f.write("        WindowGroup(id: \"detail\", for: String.self) { $id in View1() }\n    }\n}\n")
for i in range(count):
    nxt = [j for j in (i * 2 + 1, i * 2 + 2) if j < count]
    children = "\n".join(f"                View{j}()" for j in nxt) or "                Text(\"leaf\")"
    with open(f"{root}/View{i}.swift", "w") as f:
        f.write(f"""import SwiftUI

struct View{i}: View {{
    @SceneStorage("tab{i}") private var tab: Int = 0
    @SceneStorage("search{i}") private var search = ""
    @AppStorage("setting{i}") private var setting = true
    @State private var draft: String = ""
    @State private var items: [Item{i}] = []
    @FocusState private var focused: Bool
    @Environment(\\.scenePhase) private var scenePhase
    @Environment(\\.openWindow) private var openWindow

    var body: some View {{
        NavigationStack {{
            VStack(alignment: .leading, spacing: 8) {{
{children}
                header
                List(items) {{ item in
                    row(item)
                }}
                TextField("Draft", text: $draft)
                    .focused($focused)
                    .onSubmit {{ items.append(Item{i}(name: draft)); draft = "" }}
            }}
            .padding()
            .toolbar {{
                ToolbarItem {{
                    Button("Open") {{ openWindow(id: "detail", value: "item-{i}") }}
                }}
            }}
        }}
        .onChange(of: scenePhase) {{ oldPhase, newPhase in
            if newPhase == .background {{ tab = 0 }}
        }}
        .onOpenURL {{ url in search = url.lastPathComponent }}
    }}

    @ViewBuilder
    private var header: some View {{
        if items.isEmpty {{
            Text("Nothing yet").foregroundStyle(.secondary)
        }} else {{
            Text("\\(items.count) items").font(.headline)
        }}
    }}

    private func row(_ item: Item{i}) -> some View {{
        HStack {{
            Text(item.name)
            Spacer()
            Button(role: .destructive) {{
                items.removeAll {{ $0.id == item.id }}
            }} label: {{
                Image(systemName: "trash")
            }}
        }}
    }}
}}

struct Item{i}: Identifiable, Hashable {{
    let id = UUID()
    var name: String
    var count = 0

    func describe() -> String {{
        let parts = [name, String(count)]
        return parts.joined(separator: ", ")
    }}
}}

extension View{i} {{
    static let title = "View {i}"
    func summary(for values: [Int]) -> Int {{
        var total = 0
        for value in values where value > 0 {{
            total += value * 2
        }}
        return total
    }}
}}
""")
PY

files=("$work"/*.swift)
seconds() { python3 -c 'import sys,time; print(f"{time.time():.3f}")'; }
start=$(seconds)
# One frontend process parses every file (the driver's `swiftc -parse` starts one per file,
# which would mostly measure process start-up).
swiftc -frontend -parse "${files[@]}"
parse=$(python3 -c "print(f'{$(seconds) - $start:.3f}')")
start=$(seconds)
.build-bench/release/scenesim scaffold "$work" --format json > "$work/facts.json"
scaffold=$(python3 -c "print(f'{$(seconds) - $start:.3f}')")
echo "files: $((${#files[@]})) Swift files, $(cat "${files[@]}" | wc -l) lines"
echo "swiftc -frontend -parse: ${parse}s"
echo "scenesim scaffold: ${scaffold}s"
python3 -c "r = $scaffold / $parse; print(f'ratio: {r:.2f}x (goal: at most 3x)')"

# Hostile sizes (issue 43 item 13): one 10 MB file of views (it took 20.8 s and 1.25 GB), and
# check-model on a view with 40,000 SceneStorage keys against its own module (4,000 keys took
# 17 s: the comparison was quadratic). Each must stay roughly linear: seconds, not minutes.
hostile="$work/hostile"
mkdir -p "$hostile/big" "$hostile/keys"
python3 - "$hostile" <<'PY'
import sys
root = sys.argv[1]
app = '@main\nstruct BigApp: App {\n    var body: some Scene {\n        WindowGroup(id: "main") { V0() }\n    }\n}\n'
unit = '''struct V{i}: View {{
    @SceneStorage("k{i}") private var k{i} = 0
    @State private var s{i} = ""
    var body: some View {{
        VStack {{
            Text("hello {i}").padding().font(.title)
            Button("go") {{ s{i} = "x" }}
        }}
        .onOpenURL {{ url in s{i} = url.path }}
    }}
}}
'''
out, size, i = [app], 0, 0
while size < 10_000_000:
    text = unit.format(i=i); out.append(text); size += len(text); i += 1
open(f"{root}/big/App.swift", "w").write("".join(out))
keys = "".join(f'    @SceneStorage("key{i}") private var key{i} = 0\n' for i in range(40_000))
open(f"{root}/keys/App.swift", "w").write(app.replace("V0()", "Keys()") + "struct Keys: View {\n" + keys + "    var body: some View { Text(\"\") }\n}\n")
PY
timed() { /usr/bin/time -f "%e s, %M KB" "$@" 2>&1 >/dev/null | tail -1; }
echo "scaffold, one 10 MB file: $(timed .build-bench/release/scenesim scaffold "$hostile/big")"
.build-bench/release/scenesim scaffold "$hostile/keys" -o "$hostile/keys.lua"
echo "check-model, 40,000 keys: $(timed .build-bench/release/scenesim check-model "$hostile/keys.lua" --source "$hostile/keys")"
