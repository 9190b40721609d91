import HealthCore
import Testing

@Suite struct BloodPressureTests {
    @Test func parsesQuickEntry() throws {
        #expect(try BloodPressure.parse("138/86") == bp(138, 86))
        #expect(try BloodPressure.parse("50/20") == bp(50, 20))
        #expect(try BloodPressure.parse("300/200") == bp(300, 200))
    }

    @Test(arguments: [
        ("82/128", "systolic must be higher than diastolic, got 82/128 (SYS/DIA, e.g. 138/86)"),
        ("400/90", "systolic 400 is out of range (50–300 mmHg)"),
        ("120/10", "diastolic 10 is out of range (20–200 mmHg)"),
        ("12O/80", "'12O/80' is not a blood pressure: use digits only, SYS/DIA, e.g. 138/86"),
        ("120/", "'120/' has no diastolic value; expected SYS/DIA, e.g. 138/86"),
        ("/80", "'/80' has no systolic value; expected SYS/DIA, e.g. 138/86"),
        ("120", "'120' is not a blood pressure; expected SYS/DIA, e.g. 138/86"),
        ("-120/80", "'-120/80' is not a blood pressure: use digits only, SYS/DIA, e.g. 138/86"),
        ("120/80/70", "'120/80/70' is not a blood pressure; expected SYS/DIA, e.g. 138/86"),
    ])
    func rejectsBadEntry(text: String, message: String) {
        // A text that is not SYS/DIA cannot be read; numbers out of range are read and refused.
        let kind: ValidationError.Kind = message.hasPrefix("'") ? .unreadable : .refused
        #expect(throws: ValidationError(Phrase(verbatim: message), kind: kind)) { try BloodPressure.parse(text) }
    }

    @Test func kilogramsAreExact() {
        #expect(parseKilograms("72.5") == 72_500)
        #expect(parseKilograms("72.125") == 72_125)
        #expect(parseKilograms("72") == 72_000)
        #expect(parseKilograms("72.1234") == nil)
        #expect(parseKilograms("7x") == nil)
        #expect(parseKilograms("") == nil)
        #expect(formatKilograms(72_500) == "72.5")
        #expect(formatKilograms(72_000) == "72")
        #expect(formatKilograms(72_050) == "72.05")
    }
}
