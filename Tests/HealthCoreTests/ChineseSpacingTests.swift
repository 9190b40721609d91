import HealthCore
import Testing

/// Chinese spacing, decided once (issue 35): Han beside a Latin letter or a number is spaced,
/// a date's digits are not, no space comes before a closing mark or after an opening one, and a
/// value filled in is never changed inside.
@Suite struct ChineseSpacingTests {
    static func table(_ strings: [String: String]) -> StringTable {
        StringTable(language: .chinese, months: (1...12).map { "\($0)月" }, weekdays: ["一", "二", "三", "四", "五", "六", "日"], strings: strings)
    }

    @Test func theTablesOwnWordsAreSpaced() {
        #expect(ChineseSpacing.template("去除第1天：{date}") == "去除第 1 天：{date}")
        #expect(ChineseSpacing.template("连续7天，ESH建议") == "连续 7 天，ESH 建议")
        #expect(ChineseSpacing.template("（ n=6 ）") == "（n=6）")
        #expect(ChineseSpacing.template("{yyyy}年{m}月{d}日") == "{yyyy}年{m}月{d}日")
        #expect(ChineseSpacing.template("为1级高血压，2型糖尿病") == "为 1级高血压，2型糖尿病")
    }

    @Test func valuesAreSpacedAtTheirEdgesOnly() {
        let table = Self.table([
            "week": "本周{parts}：测量方案", "since": "自首次读数{since}起", "target": "为{name}设定的目标 {target}",
            "date": "{yyyy}年{m}月{d}日", "quote": "备注“{note}”", "listAnd": "和", "listSeparator": "、",
        ])
        #expect(table.text("week", ["parts": "12 次测量"]) == "本周 12 次测量：测量方案")
        #expect(table.text("since", ["since": "11月16日"]) == "自首次读数 11月16日起")
        // A name is spaced from the words around it, and kept as typed inside.
        #expect(table.text("target", ["name": "Li小明", "target": "130/80"]) == "为 Li小明设定的目标 130/80")
        #expect(table.text("date", ["yyyy": "2026", "m": "11", "d": "30"]) == "2026年11月30日")
        #expect(table.text("quote", ["note": "心慌了2次，heart racing"]) == "备注“心慌了2次，heart racing”")
        #expect(table.conjunction(["替米沙坦 40 mg", "ramipril 5 mg"]) == "替米沙坦 40 mg 和 ramipril 5 mg")
        #expect(table.list(["氨氯地平", "Grandma's tea"]) == "氨氯地平、Grandma's tea")
    }

    @Test func englishIsLeftAlone() {
        let table = StringTable(language: .english, months: [], weekdays: [], strings: ["a": "on {name}"])
        #expect(table.text("a", ["name": "替米沙坦"]) == "on 替米沙坦")
    }
}
