import HealthCore

/// A symptom a note can name, in English or Chinese: the one list behind `add`'s attention
/// lines, page 1's symptom and fall counts, and the warning that brings a reading to its top.
///
/// A word that is denied does not name its symptom: "no chest pain", "not dizzy", "without
/// headache or blurred vision", and in Chinese 不, 没, 没有, 无 or 未 directly before the word
/// (没有头晕, 不头痛).
public enum Symptom: String, CaseIterable, Sendable {
    /// Dizziness, light-headedness or fainting: orthostatic symptoms of low pressure or over-treatment.
    case dizziness
    /// A fall or a near fall.
    case fall
    /// Headache with visual disturbance, a severe headache, chest pain or tightness,
    /// breathlessness, weakness, trouble speaking or fainting: the signs that make a high reading
    /// an emergency (and, in pregnancy, pre-eclampsia's).
    case warning
    /// The heart racing, pounding or irregular.
    case palpitations

    /// The words of each symptom, lower-case. `头有点晕` ("a bit dizzy") is dizziness. An English
    /// word matches from the start of a word ("fall" in "falls", never in "rainfall").
    public static let words: [Symptom: [String]] = [
        .dizziness: [
            "dizz", "faint", "light-headed", "lightheaded", "blackout", "vertigo", "头晕", "眩晕", "晕倒", "头昏", "昏厥", "站起来晕",
            "有点晕", "发晕", "晕乎",
        ],
        .fall: [
            "fell", "fall", "near fall", "nearly fell", "fallen", "tripped", "摔倒", "跌倒", "差点摔倒", "差点跌倒", "摔了", "跌了", "摔跤",
        ],
        .warning: [
            "chest pain", "pain in my chest", "chest tight", "breathless", "short of breath", "shortness of breath", "can't breathe",
            "flashing light", "blurred vision", "blurry vision", "seeing spots", "lost my vision", "vision went", "severe headache",
            "bad headache", "worst headache", "terrible headache", "weakness", "weak arm", "weak leg", "numbness", "went numb", "felt numb", "slurred",
            "trouble speaking", "can't speak", "passed out", "fainted", "blacked out",
            "胸痛", "胸口痛", "胸闷", "胸口有点闷", "胸口闷", "气短", "气促", "呼吸困难", "喘不过气", "喘不上气", "视物模糊", "视力模糊",
            "眼前发黑", "眼冒金星", "闪光", "剧烈头痛", "头痛得厉害", "头很痛", "肢体无力", "一侧无力", "手脚无力", "说话不清", "说话困难",
            "言语不清", "口齿不清", "麻木", "昏倒", "晕倒", "昏厥",
        ],
        .palpitations: ["palpitation", "heart racing", "racing heart", "heart pounding", "pounding heart", "心慌", "心悸", "心跳很快", "心跳快"],
    ]

    /// A headache is a warning sign with a visual disturbance ("头痛, 看东西模糊").
    static let headache = ["headache", "头痛", "头疼"]
    static let visualDisturbance = ["blurr", "vision", "seeing double", "看东西模糊", "看不清", "眼前发黑", "视物模糊", "眼花"]

    /// Pre-eclampsia's signs beside the warning words: any headache, pain under the ribs or in
    /// the upper abdomen (epigastric or right upper quadrant), swelling of the face or hands.
    /// In a pregnancy they make a reading at or above its threshold one to see first
    /// (``namesPregnancySign(_:)``); outside one they name nothing.
    static let pregnancySigns = headache + [
        "pain under", "pain below the ribs", "pain below my ribs", "upper abdominal pain", "upper belly pain", "epigastric",
        "right upper", "swollen face", "face swollen", "face is swollen", "puffy face", "swollen hands", "hands swollen",
        "hands are swollen", "上腹痛", "上腹部痛", "肋下痛", "胁下痛", "脸肿", "面部水肿", "面部浮肿", "手肿", "手指肿",
    ]

    /// True when `note` names a warning symptom or one of pre-eclampsia's signs
    /// (``pregnancySigns``), undenied: "headache, swollen hands" is one, "no headache" is not.
    public static func namesPregnancySign(_ note: String) -> Bool {
        guard !note.isEmpty else { return false }
        if Symptom.warning.isNamed(in: note) { return true }
        let text = note.lowercased()
        return pregnancySigns.contains { affirms($0, in: text) }
    }

    /// Words that contain a fall's word but name none: "fell asleep", a fall in pressure.
    static let notFalls = [
        "fell asleep", "fall asleep", "falls asleep", "fallen asleep", "falling asleep", "fall in bp", "fall in blood pressure",
        "fall in pressure", "bp fall", "pressure fall",
    ]

    /// Words of a fall that did not happen: "nearly fell", 差点摔倒. A note naming a fall only
    /// through them is a near fall (``isNearFall(_:)``).
    static let nearFalls = [
        "near fall", "nearly fell", "almost fell", "nearly fall", "almost fall", "差点摔倒", "差点跌倒", "险些摔倒", "险些跌倒", "差点摔", "差点跌",
    ]

    /// True when `note` names a fall (``fall``) only as a near fall: "nearly fell, had to sit
    /// down" is one, "fell in the bathroom; nearly fell again" is a fall.
    public static func isNearFall(_ note: String) -> Bool {
        guard Symptom.fall.isNamed(in: note) else { return false }
        var text = note.lowercased()
        for phrase in nearFalls { text = text.replacing(phrase, with: "") }
        return !Symptom.fall.isNamed(in: text)
    }

    /// English words that deny what follows them in the same clause; Chinese ones deny the word
    /// directly after them.
    static let englishDenials: Set<String> = ["no", "not", "without", "never", "denies", "denied", "nor", "isn't", "wasn't", "didn't", "don't"]
    static let chineseDenials = ["没有", "不", "没", "无", "未"]

    /// True when `note` names this symptom (any case), and does not deny it.
    public func isNamed(in note: String) -> Bool {
        // The byte search rules out almost every note at once; only a likely one is read closely.
        guard Symptom.matchers[self]!.match(note) || (self == .warning && Symptom.headacheMatcher.match(note)) else { return false }
        var text = note.lowercased()
        if self == .fall { for phrase in Symptom.notFalls { text = text.replacing(phrase, with: "") } }
        if Symptom.words[self]!.contains(where: { Symptom.affirms($0, in: text) }) { return true }
        return self == .warning && Symptom.headache.contains { Symptom.affirms($0, in: text) }
            && Symptom.visualDisturbance.contains { Symptom.affirms($0, in: text) }
    }

    /// The symptoms `note` names, in ``allCases`` order.
    public static func named(in note: String) -> [Symptom] {
        note.isEmpty ? [] : allCases.filter { $0.isNamed(in: note) }
    }

    /// True when `word` occurs in `text` (lower-case) at least once undenied, an English word
    /// from the start of a word.
    static func affirms(_ word: String, in text: String) -> Bool {
        let isEnglish = word.unicodeScalars.first.map { $0.isASCII } ?? false
        var searchFrom = text.startIndex
        while let found = text[searchFrom...].firstRange(of: word) {
            searchFrom = found.upperBound
            let before = text[..<found.lowerBound]
            if isEnglish, let previous = before.last, previous.isASCII && (previous.isLetter || previous == "-") { continue }
            if isEnglish ? !deniedInEnglish(before) : !chineseDenials.contains(where: { before.hasSuffix($0) }) { return true }
        }
        return false
    }

    /// True when a denial ("no", "not", "without", …) opens the clause `before` ends, at most
    /// four words back: "no chest pain", "not dizzy", "no headache or blurred vision".
    static func deniedInEnglish(_ before: Substring) -> Bool {
        let clause = before.split(omittingEmptySubsequences: false) { ",.;:!?\n()".contains($0) }.last ?? before[...]
        let words = clause.split { !$0.isLetter && $0 != "'" && $0 != "’" }.suffix(4).map { String($0).replacing("’", with: "'") }
        guard let cut = words.lastIndex(where: { ["but", "and", "then", "though", "although", "however"].contains($0) }) else {
            return words.contains { englishDenials.contains($0) }
        }
        return words[(cut + 1)...].contains { englishDenials.contains($0) }
    }

    private static let matchers = Dictionary(uniqueKeysWithValues: allCases.map { ($0, NoteWords(words[$0]!)) })
    private static let headacheMatcher = NoteWords(headache)
}
