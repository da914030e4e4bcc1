/// The verdict word that starts a report line, green or red on a terminal.
enum Label {
    case pass, fail

    func text(colour: Bool) -> String {
        switch (self, colour) {
        case (.pass, false): "PASS: "
        case (.fail, false): "FAIL: "
        case (.pass, true): "\u{1B}[32mPASS\u{1B}[0m: "
        case (.fail, true): "\u{1B}[31mFAIL\u{1B}[0m: "
        }
    }
}
