import Testing
import TrackctlModel

/// A JSON number's exact value (`DecimalText`), and what the reader keeps of a number no
/// Double holds (review 2026-11-27, collect N5).
@Suite("Decimal text")
struct DecimalTextTests {
    @Test(arguments: [
        ("10", "10.0"), ("10", "1e1"), ("1500", "1.5e3"), ("1500", "1.50E+3"), ("0.05", "5e-2"), ("0", "-0.0"),
        ("-2.50", "-25e-1")
    ])
    func oneValueWrittenTwoWays(_ a: String, _ b: String) {
        #expect(DecimalText(a) == DecimalText(b))
        #expect(DecimalText(a) != nil)
    }

    @Test(arguments: [
        ("12345678901234567890", "12345678901234567891"), ("0.1", "0.1000000000000000055511151231257827"), ("1", "-1"),
        ("100", "10"), ("0.01", "0.1")
    ])
    func twoValues(_ a: String, _ b: String) {
        #expect(DecimalText(a) != DecimalText(b))
    }

    @Test func theCanonicalForm() throws {
        let value = try #require(DecimalText("-0012.3400e1"))
        #expect(value.isNegative && value.digits == [1, 2, 3, 4] && value.exponent == 3)
        #expect(
            DecimalText("1.") == nil && DecimalText("-") == nil && DecimalText("1e") == nil && DecimalText("x") == nil)
    }

    @Test func theReaderKeepsWhatNoDoubleHolds() throws {
        func content(_ text: String) throws -> SourceValue.Content {
            var reader = JSONDocumentReader(bytes: Array(text.utf8), start: 0)
            return try reader.read().content
        }
        guard case .real(0.1) = try content("0.1") else { Issue.record("0.1 is a Double's"); return }
        guard
            case .decimal("0.1000000000000000055511151231257827") = try content("0.1000000000000000055511151231257827")
        else {
            Issue.record("the digits past a Double's are kept")
            return
        }
        guard case .decimal("12345678901234567891") = try content("12345678901234567891") else {
            Issue.record("past Int64"); return
        }
        guard case .real(1e20) = try content("100000000000000000000") else {
            Issue.record("1e20 is a Double's"); return
        }
    }
}
