import Foundation
import Testing

/// Most users build on macOS, which no machine of this project runs: these read the sources as
/// the macOS compiler would see them, so a Linux-only call fails here instead of on a Mac.
@Suite("The sources build on macOS as well as Linux")
struct PortabilityTests {
    /// glibc names with no macOS counterpart of the same spelling.
    static let linuxOnly = ["sigtimedwait", "__sigaction_handler", "pthread_condattr_setclock", "Glibc.", "/proc/"]

    @Test("every import of Glibc, in Sources and Tests, has its Darwin branch right after it")
    func glibcImportsHaveDarwinBranches() throws {
        var missing: [String] = []
        for (file, lines) in try Self.swiftFiles(in: ["Sources", "Tests"]) {
            for (index, line) in lines.enumerated() where line.hasSuffix("import Glibc") {
                let next = lines.dropFirst(index + 1).prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
                if next.count < 2 || next[0] != "#elseif canImport(Darwin)" || !next[1].hasSuffix("import Darwin") {
                    missing.append("\(file):\(index + 1)")
                }
            }
        }
        #expect(missing.isEmpty, "follow each with '#elseif canImport(Darwin)' and 'import Darwin':\n\(missing.joined(separator: "\n"))")
    }

    @Test("no Linux-only call is compiled on macOS: each sits in a branch macOS does not take")
    func linuxOnlyCallsAreGuarded() throws {
        var unguarded: [String] = []
        for (file, lines) in try Self.swiftFiles(in: ["Sources"]) {
            for (index, compiled) in Self.compiledOnMacOS(lines).enumerated() where compiled {
                let code = lines[index].split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for name in Self.linuxOnly where code.contains(name) {
                    unguarded.append("\(file):\(index + 1): \(name)")
                }
            }
        }
        #expect(unguarded.isEmpty, "give these a macOS equivalent under '#if canImport(Darwin)':\n\(unguarded.joined(separator: "\n"))")
    }

    @Test("the Lua module map names no library: pkg-config names it (lua5.4 on Debian, lua on Homebrew)")
    func luaLibraryComesFromPkgConfig() throws {
        let map = try String(contentsOf: packageRoot.appendingPathComponent("Sources/CLua/module.modulemap"), encoding: .utf8)
        #expect(!map.contains("link "), "a fixed library name links on one platform only:\n\(map)")
    }

    @Test("the reader of #if branches knows which ones macOS takes")
    func branchReader() {
        let lines = [
            "a", "#if canImport(Glibc)", "b", "#elseif canImport(Darwin)", "c", "#endif",
            "#if os(Linux)", "d", "#else", "e", "#endif", "#if !canImport(Darwin)", "f", "#endif",
            "#if DEBUG", "g", "#elseif canImport(Darwin)", "h", "#else", "i", "#endif",
            "#if canImport(Darwin)", "j", "#else", "k", "#endif",
        ]
        let compiled = zip(lines, Self.compiledOnMacOS(lines)).filter(\.1).map(\.0).filter { !$0.hasPrefix("#") }
        #expect(compiled == ["a", "c", "e", "g", "h", "j"])
    }

    /// Which lines macOS may compile: false only inside a branch that is surely not taken there
    /// (an unknown condition, such as DEBUG, may be true).
    static func compiledOnMacOS(_ lines: [String]) -> [Bool] {
        // Per open #if: whether its current branch is surely off, and whether a branch so far is
        // taken (true, false, or nil for maybe).
        var stack: [(off: Bool, taken: Bool?)] = []
        var result: [Bool] = []
        for raw in lines {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let value = evaluate(String(line.dropFirst(4)))
                stack.append((off: value == false, taken: value))
            } else if line.hasPrefix("#elseif "), let top = stack.popLast() {
                let value = evaluate(String(line.dropFirst(8)))
                let taken: Bool? = top.taken == true || value == true ? true : top.taken == false ? value : nil
                stack.append((off: top.taken == true || value == false, taken: taken))
            } else if line == "#else", let top = stack.popLast() {
                stack.append((off: top.taken == true, taken: true))
            } else if line == "#endif" {
                _ = stack.popLast()
            }
            result.append(!stack.contains { $0.off })
        }
        return result
    }

    /// A condition's value on macOS: true, false, or nil when it cannot be told.
    static func evaluate(_ condition: String) -> Bool? {
        let known: [String: Bool] = [
            "canImport(Darwin)": true, "os(macOS)": true,
            "canImport(Glibc)": false, "canImport(Musl)": false, "os(Linux)": false,
        ]
        let text = condition.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("!") { return evaluate(String(text.dropFirst())).map { !$0 } }
        return known[text]
    }

    /// The Swift files under `folders`, in path order, as lines.
    static func swiftFiles(in folders: [String]) throws -> [(String, [String])] {
        var files: [(String, [String])] = []
        for folder in folders {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                files.append(("\(folder)/\(path)", text.components(separatedBy: "\n")))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
