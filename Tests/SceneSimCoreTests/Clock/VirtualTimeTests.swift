import SceneSimTestSupport
import Testing
@testable import SceneSimCore

@Suite("VirtualTime")
struct VirtualTimeTests {
    @Test(
        "text shows three decimals on whole milliseconds and six otherwise",
        arguments: [
            (0, "0.000"), (500_000, "0.500"), (12_000_250, "12.000250"), (1, "0.000001"),
            (3_600_000_000, "3600.000"), (-500_000, "-0.500"), (-1_000_001, "-1.000001"),
        ] as [(Int64, String)])
    func text(microseconds: Int64, expected: String) {
        #expect(VirtualTime(microseconds: microseconds).text == expected)
    }

    @Test("seconds round to the nearest microsecond, so 0.1 + 0.2 lands on 0.3")
    func rounding() {
        #expect(VirtualTime(seconds: 0.1) + VirtualTime(seconds: 0.2) == VirtualTime(seconds: 0.3))
        #expect(VirtualTime(seconds: 0.0000004).microseconds == 0)
        #expect(VirtualTime(seconds: 0.0000006).microseconds == 1)
        #expect(VirtualTime(seconds: 2.5).seconds == 2.5)
    }

    @Test("times order and subtract as their microseconds do")
    func arithmetic() {
        #expect(VirtualTime.at(1) < VirtualTime.at(1.000001))
        #expect(VirtualTime.at(3) - VirtualTime.at(1) == VirtualTime.at(2))
        #expect(VirtualTime.zero.text == "0.000")
    }
}
