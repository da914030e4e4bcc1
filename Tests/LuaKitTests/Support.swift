import Foundation
import LuaKit

/// Collects what `print` writes, in order.
final class OutputRecorder {
    var text = ""
}

/// A sandboxed state whose `print` output goes to the returned recorder.
func makeState(_ options: LuaOptions = LuaOptions()) -> (LuaState, OutputRecorder) {
    let recorder = OutputRecorder()
    let state = LuaState(options: options) { recorder.text += $0 }
    return (state, recorder)
}

/// A fresh temporary folder holding `files` (relative path → contents); removed by the caller.
func makeFolder(_ files: [String: Data]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("LuaKitTests-\(UUID().uuidString)")
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
func capture<T>(_ body: () throws(LuaError) -> T) -> LuaError? {
    do { _ = try body(); return nil } catch { return error }
}
