import Foundation
import SceneSimCore
import SceneSimTimeline
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The SVG picture, drawn by a real renderer: rsvg-convert (librsvg2-bin, installed by
/// scripts/bootstrap.sh) turns it into a PNG, and scripts/lib/png-pixels.py reads its pixels.
@Suite("Timeline SVG rendered by rsvg-convert")
struct TimelineSVGTests {
    /// The colours (`rrggbb`) of the PNG rendering of `svg` at `points`.
    static func pixels(of svg: String, at points: [(Double, Double)]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenesim-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgFile = folder.appendingPathComponent("t.svg"), pngFile = folder.appendingPathComponent("t.png")
        try svg.write(to: svgFile, atomically: true, encoding: .utf8)
        let render = try run("rsvg-convert", [svgFile.path, "-o", pngFile.path])
        try #require(render.status == 0, "rsvg-convert failed (install librsvg2-bin: scripts/bootstrap.sh; on macOS, brew install librsvg): \(render.output)")
        let read = try run(
            "python3",
            [packageRoot.appendingPathComponent("scripts/lib/png-pixels.py").path, pngFile.path]
                + points.map { "\(Int($0.0)),\(Int($0.1))" })
        try #require(read.status == 0, "\(read.output)")
        return read.output.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
    }

    /// Runs `name` found on the PATH: /usr/bin on Debian, Homebrew's bin folder on macOS.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = folders.map({ $0 + "/" + name }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return (127, "\(name) is not installed (not found on the PATH)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("a time-axis label that would run past the right edge (a long time near the end) ends at its tick, inside the picture")
    func lastTickLabelInside() throws {
        let timeline = try timeline(.ipados) { simulator in
            for _ in 0..<4 { try simulator.advance(by: .at(1e12)) }
        }
        let svg = try timeline.svg(axis: .time)
        let layout = SVGLayout(timeline, axis: .time)
        let label = try #require(svg.split(separator: "\n").first { $0.contains(">4000000000000 s</text>") })

        // Before, it started at the tick and 15 characters ran past the edge.
        #expect(label.contains("text-anchor=\"end\""), "\(label)")
        let x = try #require(label.split(separator: "x=\"").dropFirst().first?.split(separator: "\"").first.flatMap { Double($0) })
        #expect(x <= layout.width)
    }

    @Test("it renders, and a window's lane changes colour where its phase changes", arguments: TimelineAxis.allCases)
    func laneChangesColour(axis: TimelineAxis) throws {
        let timeline = try timeline(.ipados) { simulator in
            try simulator.settle()
            try simulator.advance(by: .at(10))
            try simulator.background()
            try simulator.advance(by: .at(10))
            try simulator.foreground()
            try simulator.advance(by: .at(10))
        }
        let layout = SVGLayout(timeline, axis: axis)
        let main = try #require(timeline.lanes.firstIndex { $0.name == "main#1" })
        let bands = timeline.intervals.filter { $0.lane == main && layout.x($0.end) - layout.x($0.start) >= 4 }
        let values = bands.map(\.value)
        #expect(values.contains(.phase(.active)) && values.contains(.phase(.background)), "\(values)")
        // Below the middle of the band, where a label's text never reaches.
        let y = layout.laneTop(main) + layout.laneHeight - 3
        let points = bands.map { ((layout.x($0.start) + layout.x($0.end)) / 2, y) }
        let colours = try Self.pixels(of: timeline.svg(axis: axis), at: points)
        #expect(colours == bands.map { String(timeline.key.colour($0.value).dropFirst()) })
        for (earlier, later) in zip(colours, colours.dropFirst()) { #expect(earlier != later, "\(colours)") }
    }

    @Test("the same run draws the same bytes")
    func deterministic() throws {
        let first = try timeline(.macos, killAndRestore).svg(axis: .steps)
        let second = try timeline(.macos, killAndRestore).svg(axis: .steps)
        #expect(first == second)
        #expect(first.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!first.contains("href"), "self-contained: no external fonts, images or scripts")
    }
}
