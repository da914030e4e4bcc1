import CEditLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal reader on libedit: emacs-style editing, tab completion, and a history file where
/// a multi-line entry is one entry.
///
/// While a line is edited, the terminal does not turn Ctrl-C into SIGINT: Ctrl-C arrives as a
/// key that abandons the line (and the pending entry). While a chunk runs the terminal is back
/// in its usual mode, so Ctrl-C is a signal again, for `InterruptGuard`.
package final class EditLineReader: LineReader {
    private let editor: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    /// Whether history is kept: false when its folder could not be made (the session says so).
    package var keepsHistory: Bool { historyPath != nil }
    private var prompt: UnsafeMutablePointer<CChar>?
    private var interrupted = false
    /// Completes the name before the cursor (set by the owner, e.g. to `REPLSession.complete`).
    package var complete: ((String) -> Completion)?

    /// A reader on the process's terminal; nil when libedit cannot start. History is read from
    /// and written to `historyPath` when given and its folder can be made.
    package init?(historyPath: String?) {
        setlocale(LC_CTYPE, "")
        // libedit drops what the locale cannot encode: with LANG unset (many containers and CI
        // images) or C, `'café'` reached Lua as `'caf'`. A UTF-8 character set keeps the bytes
        // typed; C.UTF-8 classifies single bytes as C does, so Lua's patterns read the same.
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let editor = scn_el_open("scenesim") else { return nil }
        guard let history = scn_history_open(1000) else {
            el_end(editor)
            return nil
        }
        self.editor = editor
        self.history = history
        // The folder is made once; without it the session simply keeps no history.
        self.historyPath = historyPath.flatMap { HistoryFile.prepareDirectory(of: $0) ? $0 : nil }
        scn_el_set_client(editor, Unmanaged.passUnretained(self).toOpaque())
        scn_el_set_prompt(editor) { editor in
            guard let reader = EditLineReader.owner(of: editor) else { return nil }
            return reader.prompt
        }
        scn_el_set_history(editor, history)
        scn_el_edit_mode(editor, "-isig")
        scn_el_bind_command(
            editor, "scenesim-complete", "complete a name",
            { editor, _ in
                guard let reader = EditLineReader.owner(of: editor) else { return UInt8(CC_ERROR) }
                return reader.completeAtCursor()
            }, "^I")
        scn_el_bind_command(
            editor, "scenesim-interrupt", "abandon the line",
            { editor, _ in
                guard let reader = EditLineReader.owner(of: editor) else { return UInt8(CC_ERROR) }
                return reader.abandonLine()
            }, "^C")
        // ~/.editrc may rebind keys (e.g. `bind -v` for vi mode).
        el_source(editor, nil)
        if let historyPath = self.historyPath, FileManager.default.fileExists(atPath: historyPath) {
            _ = scn_history_load(history, historyPath)
        }
    }

    deinit {
        el_end(editor)
        history_end(history)
        free(prompt)
    }

    package var isInteractive: Bool { true }

    package func readLine(prompt text: String) -> LineInput {
        free(prompt)
        prompt = strdup(text)
        interrupted = false
        var count: Int32 = 0
        var line = el_gets(editor, &count)
        while line == nil && count < 0 && errno == EINTR {
            line = el_gets(editor, &count)
        }
        guard let line, count > 0 else { return .endOfInput }
        if interrupted { return .interrupted }
        var result = String(cString: line)
        if result.hasSuffix("\n") { result.removeLast() }
        return .line(result)
    }

    package func addHistory(_ entry: String) {
        scn_history_add(history, entry)
        // Saved at once, so a session that is killed keeps what it had.
        if let historyPath {
            _ = scn_history_save(history, historyPath)
        }
    }

    private static func owner(of editor: OpaquePointer?) -> EditLineReader? {
        guard let editor, let data = scn_el_client(editor) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    /// Tab: extends the name to the candidates' common prefix, or lists them.
    private func completeAtCursor() -> UInt8 {
        guard let complete, let info = el_line(editor) else { return UInt8(CC_REFRESH_BEEP) }
        let length = info.pointee.buffer.distance(to: info.pointee.cursor)
        let text = String(decoding: UnsafeRawBufferPointer(start: info.pointee.buffer, count: length), as: UTF8.self)
        let completion = complete(text)
        guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = completion.commonPrefix
        if common.utf8.count > completion.partial.utf8.count {
            _ = el_insertstr(editor, String(common.dropFirst(completion.partial.count)))
            return UInt8(CC_REFRESH)
        }
        guard completion.candidates.count > 1 else { return UInt8(CC_REFRESH) }
        let listing = "\n" + Self.columns(completion.candidates) + "\n"
        _ = listing.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        return UInt8(CC_REDISPLAY)
    }

    /// Ctrl-C: shows `^C` at the end of the line and ends it; `readLine` reports `.interrupted`.
    private func abandonLine() -> UInt8 {
        interrupted = true
        if let info = el_line(editor) {
            _ = el_cursor(editor, Int32(info.pointee.cursor.distance(to: info.pointee.lastchar)))
        }
        _ = el_insertstr(editor, "^C")
        el_push(editor, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Names in rows of at most 80 columns.
    static func columns(_ names: [String]) -> String {
        let width = (names.map(\.count).max() ?? 0) + 2
        let perRow = max(1, 80 / width)
        return stride(from: 0, to: names.count, by: perRow).map { start in
            var row = names[start..<min(start + perRow, names.count)]
                .map { $0 + String(repeating: " ", count: width - $0.count) }
                .joined()
            while row.last == " " { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }
}
