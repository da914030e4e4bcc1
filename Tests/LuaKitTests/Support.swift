import Foundation
import LuaKit
import Testing

/// Collects what `print` writes, in order.
final class OutputRecorder {
    var text = ""
}

/// A sandboxed state whose `print` output goes to the returned recorder.
func makeState(_ options: LuaOptions = LuaOptions()) -> (LuaState, OutputRecorder) {
    let recorder = OutputRecorder()
    let state = LuaState(options: options) { recorder.text += String(decoding: $0, as: UTF8.self) }
    return (state, recorder)
}

/// A fresh temporary folder holding `files` (relative path → contents); removed by the caller.
func makeFolder(_ files: [String: Data]) throws -> URL {
    // Short: Lua shortens chunk names past 60 characters (LUA_IDSIZE) with a leading "...".
    let root = URL(fileURLWithPath: "/tmp/lk-" + UUID().uuidString.prefix(8))
    for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url)
    }
    return root
}

extension Data {
    init(lua source: String) { self = Data(source.utf8) }
}

/// The error a throwing expression threw, or nil.
func capture<T>(_ body: () throws -> T) -> LuaError? {
    do {
        _ = try body()
        return nil
    } catch let error as LuaError {
        return error
    } catch {
        Issue.record("expected a LuaError, got \(error)")
        return nil
    }
}
