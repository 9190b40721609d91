
/// One measurement: blood pressure, pulse, weight, or any mix of them.
public struct Reading: Equatable, Sendable {
    /// A UUID, stored and shown in lowercase.
    public var id: String {
        get { storedID.text }
        set { storedID = CompactID(newValue) }
    }
    /// The id in 16 bytes when it is a lowercase UUID: a log of 100,000 readings then holds no
    /// 100,000 separate id strings.
    private var storedID: CompactID
    /// The numbers in 14 bytes, where optional `Int`s took 56: a summary holds every reading of
    /// its range, a million of them in a log of ten years of a family.
    private var measures: PackedMeasures
    public var profileID: String
    private var utcSeconds: Int64
    /// Tag IDs in the order given. They need not have a definition.
    public var tagIDs: [String]
    public var note: String
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970; the newer one wins when backups merge.
    public var updatedAt: Int64

    /// When it was taken, with the UTC offset in force at entry.
    public var takenAt: ZonedInstant {
        get { ZonedInstant(utcSeconds: utcSeconds, offsetMinutes: measures.offsetMinutes) }
        set {
            utcSeconds = newValue.utcSeconds
            measures.offsetMinutes = newValue.offsetMinutes
        }
    }
    public var bloodPressure: BloodPressure? {
        get { measures.bloodPressure }
        set { measures.bloodPressure = newValue }
    }
    /// Beats per minute.
    public var pulse: Int? {
        get { measures.pulse }
        set { measures.pulse = newValue }
    }
    /// Weight in grams, so decimal kilograms are kept exactly.
    public var weightGrams: Int? {
        get { measures.weightGrams }
        set { measures.weightGrams = newValue }
    }
    /// Where it was measured: at home (the default) or at the clinic. Office readings never
    /// enter a home figure.
    public var site: MeasurementSite {
        get { measures.site }
        set { measures.site = newValue }
    }

    public init(
        id: String = Reading.newID(), profileID: String, takenAt: ZonedInstant,
        bloodPressure: BloodPressure? = nil, pulse: Int? = nil, weightGrams: Int? = nil,
        tagIDs: [String] = [], note: String = "", site: MeasurementSite = .home, createdAt: Int64 = 0, updatedAt: Int64 = 0
    ) {
        storedID = CompactID(id)
        measures = PackedMeasures(
            bloodPressure: bloodPressure, pulse: pulse, weightGrams: weightGrams, offsetMinutes: takenAt.offsetMinutes, site: site)
        self.profileID = profileID
        utcSeconds = takenAt.utcSeconds
        self.tagIDs = tagIDs
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Sets the id from UTF-8 bytes (a database column): a lowercase UUID is packed without
    /// ever becoming a string.
    public mutating func setID(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        storedID = CompactID(utf8: bytes)
    }

    /// A fresh random id in lowercase.
    public static func newID() -> String { RandomUUID.make() }

    /// True for a UUID string: 36 characters, hex digits with dashes at 8, 13, 18 and 23.
    public static func isValidID(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isValidID(bytes:)) ?? isValidID(bytes: Array(text.utf8))
    }

    private static func isValidID<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> Bool where Bytes.Index == Int {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            let byte = bytes[bytes.startIndex + index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (48...57).contains(byte) || (97...102).contains(byte | 0x20) else { return false }
            }
        }
        return true
    }

    public var period: DayPeriod { takenAt.period }
    /// The day this reading counts for (see ``ZonedInstant/measurementDay``).
    public var measurementDay: CivilDate { takenAt.measurementDay }
    /// True for a reading taken at home: the readings of every home figure.
    public var isHome: Bool { site == .home }
    public var systolic: Int? { bloodPressure?.systolic }
    public var diastolic: Int? { bloodPressure?.diastolic }

    /// Weight in kilograms.
    public var weightKilograms: Double? { weightGrams.map { Double($0) / 1000 } }

    /// Checks every value against its accepted range.
    public func validate() throws(ValidationError) {
        guard storedID.isPackedUUID || Reading.isValidID(id) else { throw .invalid(Phrase("reading id '{id}' is not a UUID", ["id": id])) }
        try Slug.validate(profileID, what: Phrase("profile id"))
        try ValueLimits.offsetMinutes.check(takenAt.offsetMinutes)
        try bloodPressure?.validate()
        if let pulse { try ValueLimits.pulse.check(pulse) }
        if let weightGrams { try ValueLimits.checkWeight(grams: weightGrams) }
        guard bloodPressure != nil || pulse != nil || weightGrams != nil else {
            throw .invalid(Phrase("a reading needs blood pressure, pulse or weight"))
        }
        for tag in tagIDs { try Slug.validate(tag, what: Phrase("tag id")) }
        // Readings carry a handful of tags: comparing pairs beats building a set.
        for (index, tag) in tagIDs.enumerated() where tagIDs[..<index].contains(tag) {
            throw .invalid(Phrase("tag '{tag}' is given twice", ["tag": tag]))
        }
        try ValueLimits.note.check(note)
    }
}

/// A reading's blood pressure, pulse, weight, UTC offset and site: 16-bit and 32-bit fields
/// for what a log holds (every stored value fits them), and the values as given, kept whole in
/// a box, for any that do not (a typed 99999 stays 99999 until it is refused).
struct PackedMeasures: Equatable, Sendable {
    private var systolic: Int16 = 0
    private var diastolic: Int16 = 0
    private var pulseValue: Int16 = 0
    private var offset: Int16 = 0
    private var weight: Int32 = 0
    /// Bit 0 blood pressure present, 1 pulse present, 2 weight present, 3 office.
    private var flags: UInt8 = 0
    /// Every value, when one of them does not fit its field; nil otherwise.
    private var unusual: Unusual?

    /// The values as given, when one does not fit: then these are the reading's values.
    private final class Unusual: Equatable, Sendable {
        let bloodPressure: BloodPressure?
        let pulse: Int?
        let weightGrams: Int?
        let offsetMinutes: Int
        let site: MeasurementSite

        init(bloodPressure: BloodPressure?, pulse: Int?, weightGrams: Int?, offsetMinutes: Int, site: MeasurementSite) {
            self.bloodPressure = bloodPressure
            self.pulse = pulse
            self.weightGrams = weightGrams
            self.offsetMinutes = offsetMinutes
            self.site = site
        }

        static func == (left: Unusual, right: Unusual) -> Bool {
            left.bloodPressure == right.bloodPressure && left.pulse == right.pulse && left.weightGrams == right.weightGrams
                && left.offsetMinutes == right.offsetMinutes && left.site == right.site
        }
    }

    init(bloodPressure: BloodPressure?, pulse: Int?, weightGrams: Int?, offsetMinutes: Int, site: MeasurementSite) {
        guard let systolic = bloodPressure.map({ Int16(exactly: $0.systolic) }) ?? 0,
            let diastolic = bloodPressure.map({ Int16(exactly: $0.diastolic) }) ?? 0,
            let pulseValue = pulse.map({ Int16(exactly: $0) }) ?? 0, let weight = weightGrams.map({ Int32(exactly: $0) }) ?? 0,
            let offset = Int16(exactly: offsetMinutes)
        else {
            unusual = Unusual(bloodPressure: bloodPressure, pulse: pulse, weightGrams: weightGrams, offsetMinutes: offsetMinutes, site: site)
            return
        }
        self.systolic = systolic
        self.diastolic = diastolic
        self.pulseValue = pulseValue
        self.weight = weight
        self.offset = offset
        flags = (bloodPressure != nil ? 1 : 0) | (pulse != nil ? 2 : 0) | (weightGrams != nil ? 4 : 0) | (site == .office ? 8 : 0)
    }

    var bloodPressure: BloodPressure? {
        get {
            if let unusual { return unusual.bloodPressure }
            return flags & 1 == 0 ? nil : BloodPressure(systolic: Int(systolic), diastolic: Int(diastolic))
        }
        set { self = PackedMeasures(bloodPressure: newValue, pulse: pulse, weightGrams: weightGrams, offsetMinutes: offsetMinutes, site: site) }
    }

    var pulse: Int? {
        get {
            if let unusual { return unusual.pulse }
            return flags & 2 == 0 ? nil : Int(pulseValue)
        }
        set { self = PackedMeasures(bloodPressure: bloodPressure, pulse: newValue, weightGrams: weightGrams, offsetMinutes: offsetMinutes, site: site) }
    }

    var weightGrams: Int? {
        get {
            if let unusual { return unusual.weightGrams }
            return flags & 4 == 0 ? nil : Int(weight)
        }
        set { self = PackedMeasures(bloodPressure: bloodPressure, pulse: pulse, weightGrams: newValue, offsetMinutes: offsetMinutes, site: site) }
    }

    var offsetMinutes: Int {
        get { unusual?.offsetMinutes ?? Int(offset) }
        set { self = PackedMeasures(bloodPressure: bloodPressure, pulse: pulse, weightGrams: weightGrams, offsetMinutes: newValue, site: site) }
    }

    var site: MeasurementSite {
        get {
            if let unusual { return unusual.site }
            return flags & 8 == 0 ? .home : .office
        }
        set { self = PackedMeasures(bloodPressure: bloodPressure, pulse: pulse, weightGrams: weightGrams, offsetMinutes: offsetMinutes, site: newValue) }
    }
}

/// An id kept as two 64-bit halves when it is a lowercase UUID (what HealthLog writes and stores),
/// else as the text given, so every id reads back exactly as it was set.
struct CompactID: Equatable, Sendable {
    private enum Storage: Equatable, Sendable {
        case uuid(UInt64, UInt64)
        case text(String)
    }

    private let storage: Storage

    init(_ text: String) {
        let packed = text.utf8.count == 36 ? text.utf8.withContiguousStorageIfAvailable(CompactID.pack) ?? nil : nil
        storage = packed.map { .uuid($0.0, $0.1) } ?? .text(text)
    }

    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count == 36, let (high, low) = CompactID.pack(bytes) {
            storage = .uuid(high, low)
        } else {
            storage = .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The two halves of a lowercase UUID's 32 hex digits, or nil for any other text.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for index in 0..<36 {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        return (high, low)
    }

    /// True when the id is a lowercase UUID (then it is valid without a look at its text).
    var isPackedUUID: Bool {
        if case .uuid = storage { return true }
        return false
    }

    var text: String {
        switch storage {
        case .text(let text): return text
        case .uuid(let high, let low):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                let hex = Array("0123456789abcdef".utf8)
                var position = 0
                for digit in 0..<32 {
                    if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let half = digit < 16 ? high : low
                    let shift = UInt64((15 - digit % 16) * 4)
                    buffer[position] = hex[Int(half >> shift & 0xF)]
                    position += 1
                }
                return 36
            }
        }
    }
}

extension Reading {
    /// The earliest day a reading may be from.
    public static let earliestDate = CivilDate(year: 1900, month: 1, day: 1)!
    /// How far a reading may be ahead of the clock, in seconds: clocks differ a little.
    public static let allowedFutureSeconds: Int64 = 600

    /// Whole years from the reading's day to `today` when it is a year or more before it, else
    /// nil: an old reading from a notebook is kept, and said plainly, since a slip in the year
    /// (1990 for 2026) looks the same.
    public func yearsBefore(_ today: CivilDate) -> Int? {
        let day = takenAt.localDate
        let years = today.year - day.year - ((today.month, today.day) < (day.month, day.day) ? 1 : 0)
        return years >= 1 ? years : nil
    }

    /// Checks that the reading could have been taken: at most 10 minutes after `now`, not
    /// before 1900-01-01, and not before 1 January of the person's `birthYear` when it is known.
    /// Every way a reading enters the log applies this one rule.
    public func checkTime(now nowSeconds: Int64, birthYear: Int?) throws(ValidationError) {
        try takenAt.checkPlausible(now: nowSeconds, birthYear: birthYear)
    }
}

extension ZonedInstant {
    /// The refusal of a time (or a day, `when`) more than ``Reading/allowedFutureSeconds`` ahead of now.
    static func inTheFuture(_ when: String) -> ValidationError {
        .invalid(Phrase("{time} is in the future; a reading can be at most 10 minutes ahead of now", ["time": when]))
    }

    /// The rule of ``Reading/checkTime(now:birthYear:)`` for a time that is about to become a reading's.
    public func checkPlausible(now nowSeconds: Int64, birthYear: Int?) throws(ValidationError) {
        let when = localDateAndTime
        if utcSeconds > nowSeconds + Reading.allowedFutureSeconds { throw ZonedInstant.inTheFuture(when) }
        if localDate < Reading.earliestDate {
            throw .invalid(Phrase("{time} is before {earliest}; readings must be from 1900 on", ["time": when, "earliest": Reading.earliestDate.description]))
        }
        if let birthYear, localDate.year < birthYear {
            throw .invalid(Phrase("{time} is before 1 January {year}, the year of birth", ["time": when, "year": String(birthYear)]))
        }
    }
}

/// Parses a weight in kilograms such as `72.5` into grams, or nil.
public func parseKilograms(_ text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parseWholeNumber(parts[0]) else { return nil }
    var grams = whole * 1000
    if parts.count == 2 {
        let fraction = parts[1]
        guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        grams += Int(fraction + String(repeating: "0", count: 3 - fraction.count))!
    }
    return grams
}

/// Formats grams as kilograms with no trailing zeros: 72500 → `72.5`.
public func formatKilograms(_ grams: Int) -> String {
    var text = "\(grams / 1000)"
    let fraction = grams % 1000
    guard fraction != 0 else { return text }
    var digits = pad(fraction, 3)
    while digits.hasSuffix("0") { digits.removeLast() }
    text += "." + digits
    return text
}
