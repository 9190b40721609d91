
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
    public var profileID: String
    /// When it was taken, with the UTC offset in force at entry.
    public var takenAt: ZonedInstant
    public var bloodPressure: BloodPressure?
    /// Beats per minute.
    public var pulse: Int?
    /// Weight in grams, so decimal kilograms are kept exactly.
    public var weightGrams: Int?
    /// Tag IDs in the order given. They need not have a definition.
    public var tagIDs: [String]
    public var note: String
    /// Where it was measured: at home (the default) or at the clinic. Office readings never
    /// enter a home figure.
    public var site: MeasurementSite
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970; the newer one wins when backups merge.
    public var updatedAt: Int64

    public init(
        id: String = Reading.newID(), profileID: String, takenAt: ZonedInstant,
        bloodPressure: BloodPressure? = nil, pulse: Int? = nil, weightGrams: Int? = nil,
        tagIDs: [String] = [], note: String = "", site: MeasurementSite = .home, createdAt: Int64 = 0, updatedAt: Int64 = 0
    ) {
        storedID = CompactID(id)
        self.profileID = profileID
        self.takenAt = takenAt
        self.bloodPressure = bloodPressure
        self.pulse = pulse
        self.weightGrams = weightGrams
        self.tagIDs = tagIDs
        self.note = note
        self.site = site
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

    /// Checks that the reading could have been taken: at most 10 minutes after `now`, not
    /// before 1900-01-01, and not before 1 January of the person's `birthYear` when it is known.
    /// Every way a reading enters the log applies this one rule.
    public func checkTime(now nowSeconds: Int64, birthYear: Int?) throws(ValidationError) {
        try takenAt.checkPlausible(now: nowSeconds, birthYear: birthYear)
    }
}

extension ZonedInstant {
    /// The rule of ``Reading/checkTime(now:birthYear:)`` for a time that is about to become a reading's.
    public func checkPlausible(now nowSeconds: Int64, birthYear: Int?) throws(ValidationError) {
        let when = localDateAndTime
        if utcSeconds > nowSeconds + Reading.allowedFutureSeconds {
            throw .invalid(Phrase("{time} is in the future; a reading can be at most 10 minutes ahead of now", ["time": when]))
        }
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
