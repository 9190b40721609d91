@testable import HealthWeb
import Testing

/// What a narrow line may break in the notice after a save: between a number and its `mmHg`,
/// before a `·` and after Chinese punctuation; never inside `mmHg`, `脉搏 65` or a date.
@Suite struct ValuesTextTests {
    @Test func aPressureMayBreakBeforeItsUnitButAPulseStaysWhole() {
        let values = ValuesText.joined(["129/77 mmHg", "脉搏 65"], stamps: "降压药、好睡眠")
        #expect(values == "129/77 mmHg ·\u{00A0}脉搏\u{00A0}65 ·\u{00A0}降压药、好睡眠")
    }

    /// Each stamp is a box of its own, and the punctuation after the last one goes into its box:
    /// a line never starts with `，`.
    @Test func aStampIsWholeAndTakesThePunctuationAfterIt() {
        let said = "已保存 129/77 mmHg · \(ValuesText.markedStamp("降压药"))、\(ValuesText.markedStamp("好睡眠"))，12月6日 21:45。"
        #expect(
            ValuesText.wholeStamps(HTML(stringLiteral: said)).markup
                == "已保存 129/77 mmHg · <span class=\"stamp\">降压药、</span><span class=\"stamp\">好睡眠，</span>12月6日 21:45。")
    }

    @Test func theNoticeKeepsThePulseAndTheDateWholeApart() {
        let said = "已保存 \(ValuesText.joined(["129/77 mmHg", "脉搏 65"]))，12月6日 周日 21:45。"
        #expect(
            WholeDates.marked(said).markup
                == "已保存 129/77 mmHg <span class=\"nowrap\">·\u{00A0}脉搏\u{00A0}65</span>，<span class=\"nowrap\">12月6日 周日</span> 21:45。")
        let english = "Saved \(ValuesText.joined(["155/89 mmHg", "pulse 65"], stamps: "BP medication, irregular heartbeat")), Sun 6 Dec 21:45."
        #expect(
            WholeDates.marked(english).markup
                == "Saved 155/89 mmHg <span class=\"nowrap\">·\u{00A0}pulse\u{00A0}65</span> ·\u{00A0}BP medication, irregular heartbeat, <span class=\"nowrap\">Sun 6 Dec</span> 21:45.")
    }

    /// The question before a delete, at 320 px and 200 % text: the value ends at its `？`, else
    /// the rest of the sentence up to the next space (`68？之后可以在电脑上用`) is one unbreakable
    /// run, cut at the notice's edge.
    @Test func aValueEndsAtTheQuestionMarkAfterIt() {
        let question = "删除 12月6日 周日 21:45 的读数 \(ValuesText.joined(["136/73 mmHg", "脉搏 68"]))？之后可以在电脑上用 'healthlog undo' 恢复。"
        #expect(
            WholeDates.marked(question).markup
                == "删除 <span class=\"nowrap\">12月6日 周日</span> 21:45 的读数 136/73 mmHg <span class=\"nowrap\">·\u{00A0}脉搏\u{00A0}68</span>？之后可以在电脑上用 &#39;healthlog undo&#39; 恢复。")
    }

    /// The line under a reading of 2019 keeps its date whole (`2019-01-` | `01` at 200 % text).
    @Test func anISODateIsKeptWhole() {
        #expect(
            WholeDates.marked("这条读数的日期是 2019-01-01，在 7 年前。").markup
                == "这条读数的日期是 <span class=\"nowrap\">2019-01-01</span>，在 7 年前。")
    }
}
