import HealthCore
import Testing

/// Words looked for in notes, in any case, in English and Chinese.
@Suite struct NoteWordsTests {
    let words = NoteWords(["forgot", "didn't take", "忘记吃药", "dizz"])

    @Test(arguments: ["Forgot my pill", "FORGOT", "i didn't take it", "早上忘记吃药了", "a bit Dizzy", "dizz"])
    func findsAWordInAnyCase(note: String) {
        #expect(words.match(note))
    }

    @Test(arguments: ["", "took it", "forgo", "忘记", "diz", "記得吃藥", "ＦＯＲＧＯＴ"])
    func findsNothingElse(note: String) {
        #expect(!words.match(note))
    }

    @Test func aWordLongerThanTheNoteIsNotFound() {
        #expect(!NoteWords(["a longer word than the note"]).match("short"))
        #expect(!NoteWords([]).match("anything"))
    }
}
