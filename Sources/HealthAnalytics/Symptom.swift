public import HealthCore

/// A symptom a note can name, in English or Chinese: the one list behind `add`'s attention
/// lines, page 1's symptom and fall counts, and the warning that brings a reading to its top.
public enum Symptom: String, CaseIterable, Sendable {
    /// Dizziness, light-headedness or fainting: orthostatic symptoms of low pressure or over-treatment.
    case dizziness
    /// A fall or a near fall.
    case fall
    /// Headache with visual disturbance, a severe headache, chest pain, breathlessness, weakness
    /// or trouble speaking: the signs that make a high reading an emergency (and, in pregnancy,
    /// pre-eclampsia's).
    case warning
    /// The heart racing, pounding or irregular.
    case palpitations

    /// The words of each symptom, lower-case. `头有点晕` ("a bit dizzy") is dizziness.
    public static let words: [Symptom: [String]] = [
        .dizziness: [
            "dizz", "faint", "light-headed", "lightheaded", "blackout", "vertigo", "头晕", "眩晕", "晕倒", "头昏", "昏厥", "站起来晕",
            "有点晕", "发晕", "晕乎",
        ],
        .fall: ["fell", "a fall", "falls", "fallen", "tripped", "摔倒", "跌倒", "摔了", "跌了", "摔跤"],
        .warning: [
            "chest pain", "pain in my chest", "chest tight", "breathless", "short of breath", "shortness of breath", "can't breathe",
            "flashing light", "blurred vision", "blurry vision", "seeing spots", "lost my vision", "vision went", "severe headache",
            "bad headache", "worst headache", "terrible headache", "weakness", "weak arm", "weak leg", "numbness", "went numb", "felt numb", "slurred",
            "trouble speaking", "can't speak", "胸痛", "胸口痛", "胸闷", "气短", "气促", "呼吸困难", "喘不过气", "视物模糊", "视力模糊",
            "眼前发黑", "眼冒金星", "闪光", "剧烈头痛", "头痛得厉害", "头很痛", "肢体无力", "一侧无力", "说话不清", "口齿不清", "麻木",
        ],
        .palpitations: ["palpitation", "heart racing", "racing heart", "heart pounding", "pounding heart", "心慌", "心悸", "心跳很快", "心跳快"],
    ]

    /// Words that contain a fall's word but name none: "fell asleep".
    static let notFalls = ["fell asleep", "fall asleep", "falls asleep", "fallen asleep"]

    /// True when `note` names this symptom (any case).
    public func isNamed(in note: String) -> Bool {
        guard Symptom.matchers[self]!.match(note) else { return false }
        guard self == .fall, Symptom.asleep.match(note) else { return true }
        // "fell asleep in the chair" is not a fall; "fell asleep, then fell on the stairs" still is.
        var rest = note.lowercased()
        for phrase in Symptom.notFalls { rest = rest.replacing(phrase, with: "") }
        return Symptom.matchers[.fall]!.match(rest)
    }

    /// The symptoms `note` names, in ``allCases`` order.
    public static func named(in note: String) -> [Symptom] {
        note.isEmpty ? [] : allCases.filter { $0.isNamed(in: note) }
    }

    private static let matchers = Dictionary(uniqueKeysWithValues: allCases.map { ($0, NoteWords(words[$0]!)) })
    private static let asleep = NoteWords(notFalls)
}
