/// A number HealthLog accepts only within a range, with the one message that refuses it.
public struct NumberLimit: Sendable {
    /// What the value is, as messages name it: "systolic".
    public let term: Phrase
    public let range: ClosedRange<Int>
    /// The unit after the range in messages: "mmHg", or "bpm" (次/分 in Chinese).
    public let unit: Phrase?

    public init(term: Phrase, range: ClosedRange<Int>, unit: Phrase?) {
        self.term = term
        self.range = range
        self.unit = unit
    }

    /// The name in English: "systolic".
    public var name: String { term.english }

    /// `50–300 mmHg`, in English.
    public var rangeText: String { rangePhrase.english }

    /// `20–250 bpm`, its unit in the reader's language (`20–250 次/分`).
    public var rangePhrase: Phrase {
        let numbers = "\(range.lowerBound)–\(range.upperBound)"
        guard let unit else { return Phrase(verbatim: numbers) }
        return Phrase("{range} {unit}", ["range": numbers], terms: ["unit": unit])
    }

    /// Refuses `value` outside the range: `systolic 400 is out of range (50–300 mmHg)`.
    public func check(_ value: Int, shown: String? = nil) throws(ValidationError) {
        guard range.contains(value) else {
            throw .invalid(Phrase("{name} {value} is out of range ({range})", ["value": shown ?? String(value)], terms: ["name": term, "range": rangePhrase]))
        }
    }
}

/// A text HealthLog accepts only up to a length, counted in Unicode code points, which is
/// what SQLite's `length()` counts too (grapheme clusters would let one "character" carry
/// tens of thousands of combining marks).
public struct TextLimit: Sendable {
    /// What the text is, as messages name it: "note".
    public let term: Phrase
    /// The name in English: "note".
    public var name: String { term.english }
    /// At least this many code points (after trimming spaces, when above 0).
    public let minimum: Int
    /// At most this many code points.
    public let maximum: Int

    /// The longest text in UTF-8 bytes: four per code point.
    public var maximumBytes: Int { maximum * 4 }

    /// Refuses `text` that is too long (or, with a minimum, empty): one message for every way
    /// the text arrives.
    public func check(_ text: some StringProtocol) throws(ValidationError) {
        if minimum > 0 && String(text).trimmingWhitespace().isEmpty {
            throw .invalid(Phrase("{name} is empty; give 1–{maximum} characters", ["maximum": String(maximum)], terms: ["name": term]))
        }
        // A text of at most that many bytes has at most that many code points.
        guard text.utf8.count > maximum else { return }
        let count = text.unicodeScalars.count
        guard count <= maximum else {
            throw .invalid(
                Phrase(
                    "{name} is {count} characters (Unicode code points) long; at most {maximum} are allowed", ["count": String(count), "maximum": String(maximum)],
                    terms: ["name": term]))
        }
    }
}

/// Every limit on a value HealthLog stores, stated once. The model's checks use them, the
/// schema's CHECK constraints and triggers are made from them (and tested against them), and
/// help and messages quote them, so no entry path accepts what another refuses.
public enum ValueLimits {
    public static let systolic = NumberLimit(term: Phrase("systolic"), range: 50...300, unit: Phrase(verbatim: "mmHg"))
    public static let diastolic = NumberLimit(term: Phrase("diastolic"), range: 20...200, unit: Phrase(verbatim: "mmHg"))
    public static let pulse = NumberLimit(term: Phrase("pulse"), range: 20...250, unit: Phrase("bpm"))
    /// Weight in grams (1–500 kg); messages give kilograms.
    public static let weightGrams = NumberLimit(term: Phrase("weight"), range: 1000...500_000, unit: Phrase(verbatim: "kg"))
    public static let birthYear = NumberLimit(term: Phrase("birth year"), range: 1900...2100, unit: nil)
    /// A treatment target a doctor sets.
    public static let targetSystolic = NumberLimit(term: Phrase("target systolic"), range: 100...160, unit: Phrase(verbatim: "mmHg"))
    public static let targetDiastolic = NumberLimit(term: Phrase("target diastolic"), range: 60...100, unit: Phrase(verbatim: "mmHg"))
    /// UTC offsets, in minutes: the widest in use anywhere (UTC−12 to UTC+14), with margin.
    public static let offsetMinutes = NumberLimit(term: Phrase("UTC offset"), range: -18 * 60...18 * 60, unit: Phrase("min"))

    public static let note = TextLimit(term: Phrase("note"), minimum: 0, maximum: 10_000)
    public static let profileName = TextLimit(term: Phrase("profile name"), minimum: 1, maximum: 100)
    public static let tagLabel = TextLimit(term: Phrase("tag label"), minimum: 1, maximum: 40)
    public static let tagLabelChinese = TextLimit(term: Phrase("Chinese tag label"), minimum: 1, maximum: 40)
    public static let eventText = TextLimit(term: Phrase("an event's text"), minimum: 1, maximum: 500)
    public static let medicineName = TextLimit(term: Phrase("a medicine's name"), minimum: 1, maximum: 100)
    public static let medicineDose = TextLimit(term: Phrase("a medicine's dose"), minimum: 1, maximum: 60)
    public static let medicineReason = TextLimit(term: Phrase("a medicine's reason"), minimum: 1, maximum: 200)

    /// `1–500 kg`, the weight range in kilograms.
    public static var weightText: String { "\(weightGrams.range.lowerBound / 1000)–\(weightGrams.range.upperBound / 1000) kg" }

    /// Refuses a weight in grams outside the range, in kilograms: `weight 600 kg is out of range (1–500 kg)`.
    public static func checkWeight(grams: Int) throws(ValidationError) {
        guard weightGrams.range.contains(grams) else {
            throw .invalid(Phrase("weight {value} kg is out of range ({range})", ["value": formatKilograms(grams), "range": weightText]))
        }
    }
}
