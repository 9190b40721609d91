import HealthCore
import Testing

/// A library's sentence is kept as its English pattern and values until a table says it.
@Suite struct PhraseTests {
    let chinese = StringTable(
        language: .chinese, months: Array(repeating: "月", count: 12), weekdays: Array(repeating: "周", count: 7), strings: [:],
        phrases: ["{name} {value} is out of range ({range})": "{name} {value} 超出范围（{range}）", "systolic": "收缩压", "cannot read {path}: {reason}": "无法读取 {path}：{reason}"])
    let english = StringTable(language: .english, months: Array(repeating: "m", count: 12), weekdays: Array(repeating: "w", count: 7), strings: [:])

    @Test func saysItsEnglishOrTheTablesTranslation() {
        let phrase = Phrase("{name} {value} is out of range ({range})", ["value": "400", "range": "50–300 mmHg"], terms: ["name": Phrase("systolic")])
        #expect(phrase.english == "systolic 400 is out of range (50–300 mmHg)")
        #expect(english.say(phrase) == "systolic 400 is out of range (50–300 mmHg)")
        #expect(chinese.say(phrase) == "收缩压 400 超出范围（50–300 mmHg）")
    }

    @Test func aValueIsNeverTranslatedNorReadAsAPlaceholder() {
        // What the user typed is said as typed, even when it looks like a pattern or a placeholder.
        let phrase = Phrase("cannot read {path}: {reason}", ["path": "systolic {reason}"], terms: ["reason": Phrase(verbatim: "systolic")])
        #expect(chinese.say(phrase) == "无法读取 systolic {reason}：systolic")
    }

    @Test func aPatternWithNoTranslationIsSaidInEnglish() {
        #expect(chinese.say(Phrase("tag '{tag}' is given twice", ["tag": "diet"])) == "tag 'diet' is given twice")
    }

    @Test func aPrefixIsKeptAsWritten() {
        let phrase = Phrase("systolic").prefixed("data.csv:12: ")
        #expect(phrase.english == "data.csv:12: systolic")
        #expect(chinese.say(phrase) == "data.csv:12: 收缩压")
    }

    @Test func aStoredSentenceIsSaidLaterInTheReadersLanguage() {
        let phrase = Phrase(
            "cannot read {path}: {reason}", ["path": "journal/a\"b"],
            terms: ["reason": Phrase("{name} {value} is out of range ({range})", ["value": "400", "range": "x"], terms: ["name": Phrase("systolic")])])
        let read = Phrase(stored: phrase.stored)
        #expect(read == phrase)
        #expect(chinese.say(read) == "无法读取 journal/a\"b：收缩压 400 超出范围（x）")
        // Text kept before sentences were stored (or not one at all) is said as it is.
        #expect(Phrase(stored: "the line is longer than 64 KiB").english == "the line is longer than 64 KiB")
        #expect(Phrase(stored: "{\"pattern\": broken").english == "{\"pattern\": broken")
        #expect(Phrase(stored: Phrase(verbatim: "as is").stored).english == "as is")
    }

    @Test func validationErrorsCarryTheirSentence() {
        #expect(throws: ValidationError.self) { try ValueLimits.systolic.check(400) }
        do {
            try ValueLimits.systolic.check(400)
        } catch {
            #expect(error.message == "systolic 400 is out of range (50–300 mmHg)")
            #expect(chinese.say(error.phrase) == "收缩压 400 超出范围（50–300 mmHg）")
        }
    }
}
