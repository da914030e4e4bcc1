import ByteText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one error type of the golden runner: a kind and a message written for the user.
package struct GoldenRunnerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly; both kinds exit with status 2.
    package enum Kind: Sendable, Hashable {
        /// The command line asked for something impossible.
        case usage
        /// The file system refused a read or write the runner needed.
        case fileSystem
    }

    /// What went wrong, broadly.
    package var kind: Kind
    /// The text shown to the user, without the `error: ` prefix.
    package var message: String
    /// The file or folder a discovery problem concerns, as displayed: what the report and JUnit
    /// count as a failed case, since the scenarios there did not run.
    package var subject: String?

    /// Makes an error from its kind and message.
    package init(_ kind: Kind, _ message: String, subject: String? = nil) {
        self.kind = kind
        self.message = message
        self.subject = subject
    }

    /// The text as printed: `error: MESSAGE`.
    package var description: String { "error: \(message)" }
}

// The catalogue of messages; each is tested verbatim.
extension GoldenRunnerError {
    static func invalidShard(_ text: String) -> Self {
        .init(.usage, "invalid --shard '\(text)': expected K/N with 1 <= K <= N, e.g. --shard 2/4")
    }

    static func unknownPlatform(_ platform: String, known: [String]) -> Self {
        let hint = EditDistance.closest(to: platform, among: known) { _ in 2 }.map { " (did you mean '\($0)'?)" } ?? ""
        return .init(.usage, "invalid --platform '\(shown(platform))'\(hint): the platforms are \(known.joined(separator: ", "))")
    }

    static func invalidJobs(_ jobs: Int) -> Self {
        .init(.usage, "invalid --jobs \(jobs): must be at least 1")
    }

    static func invalidFilter(_ pattern: String) -> Self {
        .init(.usage, "invalid --filter '\(pattern)': not a valid regular expression")
    }

    static func noSuchPath(_ path: String) -> Self {
        .init(.usage, "no such file or directory: \(shown(path))")
    }

    static func noScenariosFolder(_ directory: String) -> Self {
        .init(.usage, "no scenarios/ folder in \(shown(directory)): run scenesim test from the project root, or name scenario files or folders (scenesim test path/to/scenarios)")
    }

    static func notAScenario(_ path: String) -> Self {
        .init(.usage, "not a Lua scenario (expected a .lua file or a directory): \(shown(path))")
    }

    static func updateInCheckMode(reason: String) -> Self {
        .init(.usage, "--update cannot be used in check mode (\(reason)): goldens are never written there")
    }

    static func cannotRead(_ path: String, errno code: Int32) -> Self {
        .init(.fileSystem, "cannot read \(shown(path)): \(reason(code))")
    }

    static func cannotWrite(_ path: String, errno code: Int32) -> Self {
        .init(.fileSystem, "cannot write \(shown(path)): \(reason(code))")
    }

    static func cannotRemove(_ path: String, errno code: Int32) -> Self {
        .init(.fileSystem, "cannot remove \(shown(path)): \(reason(code))")
    }
}

// A suite's symlinks (issue 43): what the suite supplies stays inside it. `path` and `suite`
// are shown as displayed (escaped).
extension GoldenRunnerError {
    /// A golden, review file or scenario of the suite that resolves outside it through a link.
    static func outsideSuite(_ path: String, suite: String, writing: Bool) -> Self {
        writing
            ? .init(
                .fileSystem,
                "cannot write \(path): it leads outside the suite \(suite) through a symbolic link, and scenesim writes only inside the suite; remove the link, or point it at a file inside the suite"
            )
            : .init(
                .fileSystem,
                "cannot read \(path): it leads outside the suite \(suite) through a symbolic link, and scenesim reads only files inside the suite; replace the link with the file itself, or point it at a file inside the suite"
            )
    }

    /// A FIFO, a device or a socket where the suite should hold a regular file.
    static func notRegularFile(_ path: String, writing: Bool) -> Self {
        writing
            ? .init(.fileSystem, "cannot write \(path): not a regular file (a FIFO, a device or a socket); remove it, and the next run writes a regular file there")
            : .init(.fileSystem, "cannot read \(path): not a regular file (a FIFO, a device or a socket); a suite's scenarios and goldens are regular files: replace it with one")
    }

    /// A golden or review file of the suite that is a link to nothing.
    static func danglingLink(_ path: String, suite: String) -> Self {
        .init(
            .fileSystem,
            "cannot write \(path): it is a symbolic link to nothing, and scenesim does not create what a link in the suite names; remove the link, or create its target inside the suite \(suite)"
        )
    }

    /// A file past `GoldenFiles.maxFileSize`.
    static func tooLarge(_ path: String) -> Self {
        .init(
            .fileSystem,
            "cannot read \(path): larger than \(GoldenFiles.maxFileSize >> 20) MiB, the most scenesim reads from one file of a suite (the default --max-memory); make it smaller")
    }

    /// The default `scenarios/` (no path given) is a link out of the project.
    static var defaultSuiteOutsideProject: Self {
        .init(
            .fileSystem,
            "scenarios is a symbolic link to a folder outside the project, and scenesim test runs only the suite inside it; name the folder on the command line to run it (scenesim test scenarios)"
        )
    }

    /// A folder of the suite that is a link out of it: not walked, and its scenarios not run.
    static func folderOutsideSuite(_ path: String, suite: String) -> Self {
        .init(
            .fileSystem,
            "cannot run the scenarios in folder \(path): it is a symbolic link to a folder outside the suite \(suite); name it on the command line to run it, or move it into the suite",
            subject: path)
    }
}

/// The reason a file operation failed, as the C library words it ("Permission denied").
func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
}

extension GoldenRunnerError {
    static func cannotReadFolder(_ path: String, errno code: Int32) -> Self {
        .init(.fileSystem, "cannot read folder \(shown(path)): \(reason(code)); its scenarios were not run", subject: shown(path))
    }

    /// `path` is displayed with the name's bytes escaped (`\255`).
    static func nameNotUTF8(_ path: String, isFolder: Bool) -> Self {
        isFolder
            ? .init(.fileSystem, "cannot run the scenarios in folder \(path): its name is not valid UTF-8; rename it", subject: path)
            : .init(.fileSystem, "cannot run \(path): its name is not valid UTF-8; rename it", subject: path)
    }

    /// An entry of a folder that could not be looked at while finding scenarios.
    static func cannotReadEntry(_ path: String, errno code: Int32) -> Self {
        .init(.fileSystem, "cannot read \(shown(path)): \(reason(code))", subject: shown(path))
    }
}

extension GoldenRunnerError {
    static func filterMatchesNothing(_ pattern: String, nearest: [String]) -> Self {
        let advice =
            nearest.isEmpty
            ? "there are no scenarios under the paths given"
            : "nearest names: " + nearest.joined(separator: ", ") + " (scenesim test --list shows them all)"
        return .init(.usage, "--filter '\(pattern)' matches no scenario name; \(advice)")
    }

    static func invalidTimeout(_ seconds: Double) -> Self {
        .init(.usage, "invalid --timeout \(seconds): give seconds, 0 for no timeout")
    }
}
