/// One family member whose readings are kept apart from everyone else's.
public struct Profile: Equatable, Sendable {
    /// The sex recorded on a profile, shown on the report header.
    public enum Sex: String, CaseIterable, Sendable {
        case female, male, other
    }

    /// A slug, `[a-z0-9][a-z0-9-]{0,31}`, such as `dad`.
    public var id: String
    /// The name shown on reports, in any script, such as 爸爸.
    public var name: String
    public var birthYear: Int?
    public var sex: Sex?
    /// The treatment target set for this person (`--target`); nil when none is set, and then
    /// the chosen guideline's home threshold stands in. Readings at or above either number
    /// count as at or above target.
    public var target: BloodPressure?
    /// Conditions that change what the guideline says (diabetes, kidney disease, AF, …), in
    /// ``Condition`` order.
    public var conditions: [Condition] = []
    /// The due date of a current pregnancy; nil when not pregnant.
    public var pregnancyDue: CivilDate?
    /// Frail (by the doctor's judgement): the target is relaxed, as for 85 and over.
    public var frail = false
    /// Usual sleep, for a shift worker's morning and evening; nil for the common day.
    public var sleep: SleepHours?
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970.
    public var updatedAt: Int64

    public init(
        id: String, name: String? = nil, birthYear: Int? = nil, sex: Sex? = nil,
        target: BloodPressure? = nil, createdAt: Int64 = 0, updatedAt: Int64 = 0
    ) {
        self.id = id
        self.name = name ?? id
        self.birthYear = birthYear
        self.sex = sex
        self.target = target
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The age reached in the year of `date`, from the birth year; nil without one.
    public func age(on date: CivilDate) -> Int? { birthYear.map { date.year - $0 } }

    /// True when a pregnancy is recorded and `date` is before its due date (and at most 42 weeks
    /// before it: an old due date left behind is not a pregnancy).
    public func isPregnant(on date: CivilDate) -> Bool {
        guard let due = pregnancyDue else { return false }
        return date <= due && due.dayNumber - date.dayNumber <= 42 * 7
    }

    /// The completed weeks of pregnancy on `date` (40 at the due date), or nil.
    public func pregnancyWeek(on date: CivilDate) -> Int? {
        gestationalDays(on: date).map { $0 / 7 }
    }

    /// The days of pregnancy on `date` (280 at the due date), or nil: 223 is 31+6 weeks, as
    /// obstetric notes write it.
    public func gestationalDays(on date: CivilDate) -> Int? {
        guard isPregnant(on: date), let due = pregnancyDue else { return nil }
        return max(0, 280 - (due.dayNumber - date.dayNumber))
    }

    /// Checks the id, name, birth year and target.
    public func validate() throws(ValidationError) {
        try Slug.validate(id, what: Phrase("profile id"))
        try ValueLimits.profileName.check(name)
        if let birthYear { try ValueLimits.birthYear.check(birthYear) }
        try target?.validate()
        let systolic = ValueLimits.targetSystolic.range
        let diastolic = ValueLimits.targetDiastolic.range
        if let target, !systolic.contains(target.systolic) || !diastolic.contains(target.diastolic) {
            throw .invalid(
                Phrase(
                    "target {target} is not a treatment target ({range})",
                    ["target": target.description, "range": "\(systolic.lowerBound)–\(systolic.upperBound) / \(diastolic.lowerBound)–\(diastolic.upperBound) mmHg"]))
        }
    }
}

/// The identifier rule shared by profiles and tags.
public enum Slug {
    /// True for `[a-z0-9][a-z0-9-]{0,31}`.
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= 32 else { return false }
        let isLowerAlnum = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return isLowerAlnum(first) && bytes.dropFirst().allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") }
    }

    static func validate(_ text: String, what: Phrase) throws(ValidationError) {
        guard isValid(text) else {
            throw .invalid(
                Phrase(
                    "{what} '{text}' is not valid: use 1–32 lowercase letters, digits and '-', starting with a letter or digit", ["text": text],
                    terms: ["what": what]))
        }
    }
}
