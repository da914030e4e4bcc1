import Foundation
import Testing

// Issue 44 item 10: the .golden.new files a run leaves, reviewed one at a time as
// `cargo insta review` does, or accepted at once; nothing runs.
@Suite("scenesim test --review and --accept")
struct GoldenReviewTests {
    /// A suite of three scenarios whose goldens were recorded, then changed and run once, so
    /// each has a review file.
    static func suiteWithThreeReviews() throws -> TempFolder {
        let folder = try TempFolder(["scenarios/a.lua": "print(\"one\")\n", "scenarios/b.lua": "print(\"two\")\n", "scenarios/c.lua": "print(\"three\")\n"])
        _ = try BuiltBinary.run(["test", "--update"], in: folder.path)
        try folder.write("scenarios/a.lua", "print(\"ONE\")\n")
        try folder.write("scenarios/b.lua", "print(\"TWO\")\n")
        try folder.write("scenarios/c.lua", "print(\"THREE\")\n")
        let run = try BuiltBinary.run(["test"], in: folder.path)
        try #require(run.status == 1, "\(run)")
        return folder
    }

    static func contents(_ folder: TempFolder, _ name: String) -> String? {
        try? String(contentsOfFile: folder.path + "/scenarios/" + name, encoding: .utf8)
    }

    @Test("each review shows its diff and takes accept, reject or skip; a reply it does not know is asked again")
    func reviewOneByOne() throws {
        let folder = try Self.suiteWithThreeReviews()

        let review = try BuiltBinary.run(["test", "--review"], in: folder.path, input: "x\na\nr\ns\n")

        #expect(
            review
                == ProcessResult(
                    status: 0,
                    stdout: """
                        REVIEW 1/3: a
                        --- scenarios/a.golden
                        +++ scenarios/a.golden.new
                        @@ -1,2 +1,2 @@
                        -one
                        +ONE
                         --- exit 0
                        accept, reject or skip? [a/r/s, q to stop] x
                        accept, reject or skip? [a/r/s, q to stop] a
                        ACCEPTED: a
                        REVIEW 2/3: b
                        --- scenarios/b.golden
                        +++ scenarios/b.golden.new
                        @@ -1,2 +1,2 @@
                        -two
                        +TWO
                         --- exit 0
                        accept, reject or skip? [a/r/s, q to stop] r
                        REJECTED: b
                        REVIEW 3/3: c
                        --- scenarios/c.golden
                        +++ scenarios/c.golden.new
                        @@ -1,2 +1,2 @@
                        -three
                        +THREE
                         --- exit 0
                        accept, reject or skip? [a/r/s, q to stop] s
                        1 accepted, 1 rejected, 1 skipped

                        """, stderr: ""), "\(review)")
        #expect(Self.contents(folder, "a.golden") == "ONE\n--- exit 0\n")
        #expect(Self.contents(folder, "a.golden.new") == nil)
        #expect(Self.contents(folder, "b.golden") == "two\n--- exit 0\n")
        #expect(Self.contents(folder, "b.golden.new") == nil)
        #expect(Self.contents(folder, "c.golden.new") == "THREE\n--- exit 0\n")
    }

    @Test("q, or the end of the answers, stops and skips the rest; --accept takes the rest for the scenarios named")
    func stopThenAccept() throws {
        let folder = try Self.suiteWithThreeReviews()

        let stopped = try BuiltBinary.run(["test", "--review", "--filter", "b|c"], in: folder.path, input: "q\n")
        #expect(stopped.stdout.hasSuffix("accept, reject or skip? [a/r/s, q to stop] q\n0 accepted, 0 rejected, 2 skipped\n"), "\(stopped)")

        let accepted = try BuiltBinary.run(["test", "--accept", "scenarios/c.lua"], in: folder.path)
        #expect(accepted == ProcessResult(status: 0, stdout: "ACCEPTED: c\n1 accepted, 0 rejected, 0 skipped\n", stderr: ""), "\(accepted)")
        #expect(Self.contents(folder, "c.golden") == "THREE\n--- exit 0\n")
        #expect(Self.contents(folder, "a.golden.new") != nil)

        let nothing = try BuiltBinary.run(["test", "--accept", "scenarios/c.lua"], in: folder.path)
        #expect(nothing.stdout == "nothing to review: no scenesim test run left a .golden.new file for these scenarios\n", "\(nothing)")
    }

    @Test("--review, --accept, --update and --list together are a usage error")
    func oneAnswerForTheGoldens() throws {
        let folder = try Self.suiteWithThreeReviews()
        let both = try BuiltBinary.run(["test", "--review", "--accept"], in: folder.path)
        #expect(both == ProcessResult(status: 2, stdout: "", stderr: "error: --review, --accept, --update and --list each say what to do with the goldens: give one\n"), "\(both)")
        #expect(Self.contents(folder, "a.golden.new") != nil)
    }

    @Test("in check mode nothing is reviewed or written")
    func neverInCheckMode() throws {
        let folder = try Self.suiteWithThreeReviews()
        let refused = try BuiltBinary.run(["test", "--accept", "--check"], in: folder.path)
        #expect(
            refused == ProcessResult(status: 2, stdout: "", stderr: "error: --accept writes goldens, which never happens in check mode (--check); review where CI is not set\n"),
            "\(refused)")
        #expect(Self.contents(folder, "a.golden") == "one\n--- exit 0\n")
    }
}
