import HealthCore

/// Apple Health's `export.xml` (or the `export.zip` holding it), read as a stream in two passes.
///
/// Pass 1 takes blood pressure from `HKCorrelationTypeIdentifierBloodPressure` correlations (the
/// same systolic and diastolic records appear again at the top level and are not imported twice)
/// and body mass (kg, lb or g). Pass 2 gives each BP reading the heart rate measured in the same
/// minute as its pulse. Everything else, heart rates with no BP in their minute included, is
/// skipped and counted by kind. Dates may be written with a 24-hour or a 12-hour clock.
enum AppleHealthImporter {
    private static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    private static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    private static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    private static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    private static let bodyMass = "HKQuantityTypeIdentifierBodyMass"
    static let orphanHeartRates = Phrase("heart rate (no BP reading in that minute)")

    static func decode(_ input: ImportInput, context: DecodeContext, into sink: ImportSink) throws(InterchangeError) {
        guard let profile = context.profile else { throw .profileRequired(format: .appleHealth) }
        // Two passes need the input twice: a file is opened again, a pipe is copied aside first.
        let path = try input.reopenablePath()
        let isZip = input.head.starts(with: [0x50, 0x4B, 0x03, 0x04])
        var readings: [(reading: Reading, line: Int)] = []
        var readingAtMinute: [Int64: Int] = [:]
        var heartRates = 0

        // Pass 1: correlations and body mass.
        var reader = try XMLStreamReader(source: try source(path, zip: isZip, name: input.name, progress: input.progress), path: input.name)
        var correlation: (start: String, systolic: Double?, diastolic: Double?, line: Int)?
        while try reader.next() {
            guard reader.kind != .other else { continue }
            let name = reader.name
            if reader.kind == .elementEnd {
                if name == "Correlation", let open = correlation {
                    correlation = nil
                    let made = try sink.passes(at: context.location(line: open.line)) { () throws(ValidationError) in
                        try bloodPressureReading(open, profile: profile, now: context.now)
                    }
                    if let reading = made {
                        readingAtMinute[floorDivide(reading.takenAt.utcSeconds, 60)] = readings.count
                        readings.append((reading, open.line))
                    }
                }
                continue
            }
            switch (name, reader.depth) {
            case ("Correlation", 1):
                if reader.attribute("type") == bloodPressure, let start = reader.attribute("startDate") {
                    correlation = (start, nil, nil, reader.line)
                    if reader.isEmptyElement {
                        try sink.problem(at: context.location(line: reader.line), Phrase("a blood-pressure correlation with no records"))
                        correlation = nil
                    }
                } else {
                    sink.skip(Phrase("other correlations"))
                }
            case ("Record", 2) where correlation != nil:
                let value = reader.attribute("value").flatMap(Double.init)
                switch reader.attribute("type") {
                case systolic: correlation?.systolic = value
                case diastolic: correlation?.diastolic = value
                default: break
                }
            case ("Record", 1):
                switch reader.attribute("type") ?? "" {
                case systolic, diastolic:
                    sink.skip(Phrase("BP records repeated outside their correlation"))
                case heartRate:
                    heartRates += 1  // matched to BP readings in pass 2
                case bodyMass:
                    let made = try sink.passes(at: context.location(line: reader.line)) { () throws(ValidationError) in
                        try weightReading(reader, profile: profile, now: context.now)
                    }
                    if let reading = made { readings.append((reading, reader.line)) }
                case let other:
                    sink.skip(Phrase(verbatim: shortName(other)))
                }
            case ("ExportDate", 1), ("Me", 1):
                break  // metadata, not records
            case (_, 1):
                sink.skip(Phrase(verbatim: name))
            default:
                break
            }
        }

        try reader.readToEnd()

        // Pass 2: heart rate in the same minute as a BP reading becomes its pulse.
        var matched = 0
        if !readingAtMinute.isEmpty && heartRates > 0 {
            reader = try XMLStreamReader(source: try source(path, zip: isZip, name: input.name, progress: nil), path: input.name)
            while try reader.next() {
                guard reader.kind == .elementStart, reader.depth == 1, reader.name == "Record",
                    reader.attribute("type") == heartRate,
                    let start = reader.attribute("startDate").flatMap(parseDate),
                    let index = readingAtMinute[floorDivide(start.utcSeconds, 60)], readings[index].reading.pulse == nil,
                    let pulse = reader.attribute("value").flatMap(Double.init).flatMap(roundedInt), ValueLimits.pulse.range.contains(pulse)
                else { continue }
                readings[index].reading.pulse = pulse
                matched += 1
            }
            try reader.readToEnd()
        }
        if heartRates > matched { sink.skip(orphanHeartRates, count: heartRates - matched) }
        for (reading, line) in readings {
            try sink.add(reading, rule: .sameValues, at: context.location(line: line))
        }
        try sink.flush()
    }

    private static func source(
        _ path: String, zip: Bool, name: String, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) throws(InterchangeError) -> any ByteSource {
        let report = progress.map { report in { @Sendable (done: Int64, total: Int64) in report(done, total) } }
        let source: any ByteSource =
            zip
            ? try ZipEntrySource(path: path, entryNamed: "export.xml", displayName: name, progress: report)
            : try FileByteSource(path: path, progress: report)
        return XMLInputGuard(source, name: name)
    }

    private static func bloodPressureReading(
        _ correlation: (start: String, systolic: Double?, diastolic: Double?, line: Int), profile: String, now: Int64
    ) throws(ValidationError) -> Reading {
        guard let takenAt = parseDate(correlation.start) else {
            throw .invalid(Phrase("startDate '{start}' is not like 2023-07-23 09:24:00 -0400", ["start": "\(correlation.start)"]))
        }
        guard let s = correlation.systolic.flatMap(roundedInt), let d = correlation.diastolic.flatMap(roundedInt) else {
            throw .invalid(Phrase("a blood-pressure correlation needs a systolic and a diastolic record with sensible values"))
        }
        let pressure = BloodPressure(systolic: s, diastolic: d)
        let reading = Reading(
            id: NameBasedUUID.make("apple-health/bp/\(takenAt.iso8601)/\(pressure)"), profileID: profile, takenAt: takenAt,
            bloodPressure: pressure, createdAt: now, updatedAt: now)
        try reading.validate()
        return reading
    }

    private static func weightReading(_ reader: XMLStreamReader, profile: String, now: Int64) throws(ValidationError) -> Reading {
        let start = reader.attribute("startDate") ?? ""
        guard let takenAt = parseDate(start) else { throw .invalid(Phrase("startDate '{start}' is not like 2023-07-23 09:24:00 -0400", ["start": "\(start)"])) }
        guard let value = reader.attribute("value").flatMap(Double.init) else { throw .invalid(Phrase("body mass has no value")) }
        let unit = reader.attribute("unit") ?? "kg"
        guard ["kg", "lb", "g"].contains(unit) else { throw .invalid(Phrase("body mass unit '{unit}' is not kg, lb or g", ["unit": "\(unit)"])) }
        guard let grams = grams(value, unit: unit) else { throw .invalid(Phrase("body mass {value} {unit} is out of range ({weightText})", ["value": "\(value)", "unit": "\(unit)", "weightText": "\(ValueLimits.weightText)"])) }
        let reading = Reading(
            id: NameBasedUUID.make("apple-health/weight/\(takenAt.iso8601)/\(grams)"), profileID: profile, takenAt: takenAt,
            weightGrams: grams, createdAt: now, updatedAt: now)
        try reading.validate()
        return reading
    }

    /// `2023-07-23 09:24:00 -0400`, or with a 12-hour clock, `2024-06-08 1:14:00 PM -0400`
    /// (some iPhones put a narrow no-break space before the PM).
    static func parseDate(_ text: String) -> ZonedInstant? {
        let words = String(text.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 }).split(separator: " ")
        guard words.count >= 3, let zone = words.last, let sign = zone.first, sign == "+" || sign == "-", zone.count == 5,
            let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2))
        else { return nil }
        let offset = (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
        guard ValueLimits.offsetMinutes.range.contains(offset),
            case .success(let written) = WallClockText.dateTime(words.dropLast().joined(separator: " "), order: .ymd), written.offsetMinutes == nil
        else { return nil }
        let clock = written.clock
        return ZonedInstant(date: written.date, hour: clock.hour, minute: clock.minute, second: clock.second, offsetMinutes: offset)
    }

    private static func shortName(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType"] where type.hasPrefix(prefix) {
            return String(type.dropFirst(prefix.count))
        }
        return type.isEmpty ? "records without a type" : type
    }
}

/// What libxml2 is fed: the input without the whitespace some exports put before `<?xml`
/// (which XML forbids), and never more than ``InputLimits/xmlElementBytes`` between two `>`,
/// so an endless element fails at once instead of filling memory.
final class XMLInputGuard: ByteSource {
    private let source: any ByteSource
    private let name: String
    private var started = false
    private var sinceElementEnd = 0
    private var offset: Int64 = 0

    init(_ source: any ByteSource, name: String) {
        self.source = source
        self.name = name
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        while true {
            var count = try source.read(into: buffer)
            guard count > 0 else { return 0 }
            let bytes = buffer.bindMemory(to: UInt8.self)
            if !started {
                let skip = bytes[..<count].prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.count
                guard skip < count else {
                    offset += Int64(count)
                    continue
                }
                if skip > 0 {
                    buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + skip, byteCount: count - skip)
                    count -= skip
                }
                started = true
            }
            for index in 0..<count {
                if bytes[index] == UInt8(ascii: ">") {
                    sinceElementEnd = 0
                } else {
                    sinceElementEnd += 1
                    if sinceElementEnd > InputLimits.xmlElementBytes {
                        throw .malformed(
                            path: name,
                            reason: Phrase("byte {offset}: an XML element runs past {InputLimits} KiB; an element may be at most that long", ["offset": "\(offset + Int64(index))", "InputLimits": "\(InputLimits.xmlElementBytes >> 10)"]))
                    }
                }
            }
            offset += Int64(count)
            return count
        }
    }
}
