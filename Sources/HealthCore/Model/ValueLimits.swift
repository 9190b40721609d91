/// A number HealthLog accepts only within a range, with the one message that refuses it.
public struct NumberLimit: Sendable {
    /// What the value is, as messages name it: "systolic".
    public let name: String
    public let range: ClosedRange<Int>
    /// The unit after the range in messages: "mmHg".
    public let unit: String

    /// `50–300 mmHg`.
    public var rangeText: String { "\(range.lowerBound)–\(range.upperBound)\(unit.isEmpty ? "" : " \(unit)")" }

    /// Refuses `value` outside the range: `systolic 400 is out of range (50–300 mmHg)`.
    public func check(_ value: Int, shown: String? = nil) throws(ValidationError) {
        guard range.contains(value) else { throw .invalid("\(name) \(shown ?? String(value)) is out of range (\(rangeText))") }
    }
}

/// A text HealthLog accepts only up to a length, counted in Unicode code points, which is
/// what SQLite's `length()` counts too (grapheme clusters would let one "character" carry
/// tens of thousands of combining marks).
public struct TextLimit: Sendable {
    /// What the text is, as messages name it: "note".
    public let name: String
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
            throw .invalid("\(name) is empty; give 1–\(maximum) characters")
        }
        // A text of at most that many bytes has at most that many code points.
        guard text.utf8.count > maximum else { return }
        let count = text.unicodeScalars.count
        guard count <= maximum else {
            throw .invalid("\(name) is \(count) characters (Unicode code points) long; at most \(maximum) are kept")
        }
    }
}

/// Every limit on a value HealthLog stores, stated once. The model's checks use them, the
/// schema's CHECK constraints and triggers are made from them (and tested against them), and
/// help and messages quote them, so no entry path accepts what another refuses.
public enum ValueLimits {
    public static let systolic = NumberLimit(name: "systolic", range: 50...300, unit: "mmHg")
    public static let diastolic = NumberLimit(name: "diastolic", range: 20...200, unit: "mmHg")
    public static let pulse = NumberLimit(name: "pulse", range: 20...250, unit: "bpm")
    /// Weight in grams (1–500 kg); messages give kilograms.
    public static let weightGrams = NumberLimit(name: "weight", range: 1000...500_000, unit: "kg")
    public static let birthYear = NumberLimit(name: "birth year", range: 1900...2100, unit: "")
    /// A treatment target a doctor sets.
    public static let targetSystolic = NumberLimit(name: "target systolic", range: 100...160, unit: "mmHg")
    public static let targetDiastolic = NumberLimit(name: "target diastolic", range: 60...100, unit: "mmHg")
    /// UTC offsets, in minutes: the widest in use anywhere (UTC−12 to UTC+14), with margin.
    public static let offsetMinutes = NumberLimit(name: "UTC offset", range: -18 * 60...18 * 60, unit: "minutes")

    public static let note = TextLimit(name: "note", minimum: 0, maximum: 10_000)
    public static let profileName = TextLimit(name: "profile name", minimum: 1, maximum: 100)
    public static let tagLabel = TextLimit(name: "tag label", minimum: 1, maximum: 40)
    public static let tagLabelChinese = TextLimit(name: "Chinese tag label", minimum: 1, maximum: 40)
    public static let eventText = TextLimit(name: "an event's text", minimum: 1, maximum: 500)

    /// `1–500 kg`, the weight range in kilograms.
    public static var weightText: String { "\(weightGrams.range.lowerBound / 1000)–\(weightGrams.range.upperBound / 1000) kg" }

    /// Refuses a weight in grams outside the range, in kilograms: `weight 600 kg is out of range (1–500 kg)`.
    public static func checkWeight(grams: Int) throws(ValidationError) {
        guard weightGrams.range.contains(grams) else {
            throw .invalid("weight \(formatKilograms(grams)) kg is out of range (\(weightText))")
        }
    }
}
