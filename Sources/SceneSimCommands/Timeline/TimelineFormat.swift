#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ByteText
import GoldenRunner
import SceneSimCore
import SceneSimScripting
import SceneSimTimeline

/// The three pictures of a run, chosen by the file's extension.
enum TimelineFormat: String, CaseIterable, Sendable {
    case svg, json, txt

    /// The format a `--timeline` path asks for; `-` is text on standard output.
    init?(path: String) {
        if path == "-" { self = .txt; return }
        guard let dot = path.lastIndex(of: "."), let format = TimelineFormat(rawValue: String(path[path.index(after: dot)...]).lowercased()) else {
            return nil
        }
        self = format
    }

    static let choices = "a .svg picture, .json (Chrome trace for ui.perfetto.dev), .txt text lanes, or - for the text lanes on standard output instead of the trace"

    /// The picture of a recorded run, within `budget`.
    func render(_ recording: RunRecording, axis: TimelineAxis, budget: RenderBudget) throws(RenderError) -> [UInt8] {
        guard !recording.overflowed else {
            throw .tooLarge(what: "the run's events (more than \(recording.records.count) kept for the timeline)", limit: recording.maxBytes ?? 0)
        }
        let timeline = Timeline(recording)
        switch self {
        case .svg: return Array(try timeline.svg(axis: axis, budget: budget).utf8)
        case .json: return try timeline.chromeTraceBytes(axis: axis, budget: budget)
        case .txt: return try timeline.textBytes(budget: budget)
        }
    }

    /// The picture of a recorded run written to the file at `path`, whole or not at all. The
    /// JSON timeline is written as it is made, never held whole (issue 43: its bytes in one
    /// buffer doubled the memory a run with `--timeline x.json` took).
    func write(_ recording: RunRecording, axis: TimelineAxis, budget: RenderBudget, to path: String) throws(TimelinePictureError) {
        guard self == .json else {
            let picture: [UInt8]
            do throws(RenderError) {
                picture = try render(recording, axis: axis, budget: budget)
            } catch {
                throw .render(error)
            }
            do throws(FileWriteError) {
                try FileWriter.write(bytes: picture, to: path)
            } catch {
                throw .write(error)
            }
            return
        }
        guard !recording.overflowed else {
            throw .render(.tooLarge(what: "the run's events (more than \(recording.records.count) kept for the timeline)", limit: recording.maxBytes ?? 0))
        }
        // Refused past the limit before the file is touched.
        let trace: Timeline.PreparedChromeTrace
        do throws(RenderError) {
            trace = try Timeline(recording).preparedChromeTrace(axis: axis, budget: budget)
        } catch {
            throw .render(error)
        }
        var failure: RenderError?
        do throws(FileWriteError) {
            _ = try FileWriter.write(to: path) { emit in
                do throws(RenderError) {
                    try trace.write(emit)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .write(error)
        }
        if let failure { throw .render(failure) }
    }
}

/// Why a picture was not written: it could not be drawn, or the file could not be written.
enum TimelinePictureError: Error {
    case render(RenderError)
    case write(FileWriteError)
}

extension Timeline {
    /// The timeline of a recorded run (a run that never declared an app has no lanes but the app's).
    init(_ recording: RunRecording) {
        // A view of the recording, not a copy of it (issue 43: the copy was a third of the
        // memory a JSON timeline took beyond the run's).
        let records = recording.records, sources = recording.sources
        let entries = records.indices.lazy.map { Timeline.Entry(record: records[$0], source: sources[$0]) }
        self.init(entries: entries, platform: recording.platform ?? .ipados, initialState: recording.initialState, endTime: recording.endTime, label: recording.label(of:))
    }
}

extension TimelineAxis: ExpressibleByArgument {}

/// Writes a whole file, making its folder first; the error says which file and why.
enum FileWriter {
    /// A regular file (or a new one) is written beside itself and renamed into place, so a
    /// full disk or a failed write leaves the old file or none, never a truncated one; a
    /// special file (`/dev/stdout`) is written in place.
    static func write(_ text: String, to path: String) throws(FileWriteError) {
        try write(bytes: Array(text.utf8), to: path)
    }

    static func write(bytes: [UInt8], to path: String) throws(FileWriteError) {
        _ = try write(to: path) { emit in emit(bytes) }
    }

    /// The same for bytes made while they are written (`GoldenFiles.writeAtomically`): false
    /// when `produce` gave up, which leaves the old file or none.
    static func write(to path: String, producing produce: (_ emit: ([UInt8]) -> Bool) -> Bool) throws(FileWriteError) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // A folder that cannot be made shows as the file's own error below.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do throws(GoldenRunnerError) {
            return try GoldenFiles.writeAtomically(to: path, displayedAs: ByteString(path).escaped, producing: produce)
        } catch {
            throw FileWriteError(message: error.message)
        }
    }
}

struct FileWriteError: Error {
    var message: String
}
extension TimelineFormat: ExpressibleByArgument {}
extension CoverageFormat: ExpressibleByArgument {}
