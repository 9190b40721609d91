import HealthCore
import HealthRecords

/// Apple Health's `export.xml` (or the `export.zip` holding it), read as a stream in two passes.
///
/// Pass 1 takes blood pressure from `HKCorrelationTypeIdentifierBloodPressure` correlations (the
/// same systolic and diastolic records appear again at the top level and are not imported twice)
/// and body mass (kg or lb). Pass 2 gives each BP reading the heart rate measured in the same
/// minute as its pulse. Everything else is skipped and counted.
enum AppleHealthImporter {
    private static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    private static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    private static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    private static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    private static let bodyMass = "HKQuantityTypeIdentifierBodyMass"

    static func decode(_ settings: ImportSettings) throws(InterchangeError) -> DecodedImport {
        guard let profile = settings.profileID else { throw .profileRequired(format: .appleHealth) }
        let path = settings.path
        var result = DecodedImport()
        var readingAtMinute: [Int64: Int] = [:]

        // Pass 1: correlations and body mass.
        var reader = try XMLStreamReader(source: try source(settings), path: path)
        var correlation: (start: String, systolic: Double?, diastolic: Double?, line: Int)?
        while try reader.next() {
            guard reader.kind != .other else { continue }
            let name = reader.name
            if reader.kind == .elementEnd {
                if name == "Correlation", let open = correlation {
                    correlation = nil
                    do {
                        let reading = try bloodPressureReading(open, profile: profile, now: settings.now)
                        readingAtMinute[reading.takenAt.utcSeconds / 60] = result.readings.count
                        result.readings.append(reading)
                    } catch {
                        result.problems.append("\(path):\(open.line): \(error)")
                    }
                }
                continue
            }
            switch (name, reader.depth) {
            case ("Correlation", 1):
                if reader.attribute("type") == bloodPressure, let start = reader.attribute("startDate") {
                    correlation = (start, nil, nil, reader.line)
                    if reader.isEmptyElement {
                        result.problems.append("\(path):\(reader.line): a blood-pressure correlation with no records")
                        correlation = nil
                    }
                } else {
                    result.skipped["other correlations", default: 0] += 1
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
                    result.skipped["BP records repeated outside their correlation", default: 0] += 1
                case heartRate:
                    break  // pass 2
                case bodyMass:
                    do {
                        result.readings.append(try weightReading(reader, profile: profile, now: settings.now))
                    } catch {
                        result.problems.append("\(path):\(reader.line): \(error)")
                    }
                case let other:
                    result.skipped[shortName(other), default: 0] += 1
                }
            case ("ExportDate", 1), ("Me", 1):
                break  // metadata, not records
            case (_, 1):
                result.skipped[name, default: 0] += 1
            default:
                break
            }
        }

        // Pass 2: heart rate in the same minute as a BP reading becomes its pulse.
        guard !readingAtMinute.isEmpty else { return result }
        reader = try XMLStreamReader(source: try source(settings), path: path)
        while try reader.next() {
            guard reader.kind == .elementStart, reader.depth == 1, reader.name == "Record",
                reader.attribute("type") == heartRate
            else { continue }
            guard let start = reader.attribute("startDate").flatMap(parseDate),
                let index = readingAtMinute[start.utcSeconds / 60], result.readings[index].pulse == nil,
                let pulse = reader.attribute("value").flatMap(Double.init).flatMap(roundedInt), Reading.pulseRange.contains(pulse)
            else {
                result.skipped["heart rate (no BP reading in that minute)", default: 0] += 1
                continue
            }
            result.readings[index].pulse = pulse
        }
        return result
    }

    private static func source(_ settings: ImportSettings) throws(InterchangeError) -> any ByteSource {
        let head = try FileHead.read(settings.path, bytes: 4)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return try ZipEntrySource(path: settings.path, entryNamed: "export.xml", progress: settings.progress)
        }
        return try FileByteSource(path: settings.path, progress: settings.progress)
    }

    private static func bloodPressureReading(
        _ correlation: (start: String, systolic: Double?, diastolic: Double?, line: Int), profile: String, now: Int64
    ) throws(ValidationError) -> Reading {
        guard let takenAt = parseDate(correlation.start) else {
            throw .invalid("startDate '\(correlation.start)' is not like 2023-07-23 09:24:00 -0400")
        }
        guard let s = correlation.systolic.flatMap(roundedInt), let d = correlation.diastolic.flatMap(roundedInt) else {
            throw .invalid("a blood-pressure correlation needs a systolic and a diastolic record with sensible values")
        }
        let pressure = BloodPressure(systolic: s, diastolic: d)
        let reading = Reading(
            id: StableUUID.make("apple-health/bp/\(correlation.start)/\(pressure)"), profileID: profile, takenAt: takenAt,
            bloodPressure: pressure, createdAt: now, updatedAt: now)
        try reading.validate()
        return reading
    }

    private static func weightReading(_ reader: XMLStreamReader, profile: String, now: Int64) throws(ValidationError) -> Reading {
        let start = reader.attribute("startDate") ?? ""
        guard let takenAt = parseDate(start) else { throw .invalid("startDate '\(start)' is not like 2023-07-23 09:24:00 -0400") }
        guard let value = reader.attribute("value").flatMap(Double.init) else { throw .invalid("body mass has no value") }
        let unit = reader.attribute("unit") ?? "kg"
        guard ["kg", "lb", "g"].contains(unit) else { throw .invalid("body mass unit '\(unit)' is not kg, lb or g") }
        guard let grams = grams(value, unit: unit) else { throw .invalid("body mass \(value) \(unit) is out of range (1–500 kg)") }
        let reading = Reading(
            id: StableUUID.make("apple-health/weight/\(start)/\(grams)"), profileID: profile, takenAt: takenAt,
            weightGrams: grams, createdAt: now, updatedAt: now)
        try reading.validate()
        return reading
    }

    /// `2023-07-23 09:24:00 -0400`.
    static func parseDate(_ text: String) -> ZonedInstant? {
        let parts = text.split(separator: " ")
        guard parts.count == 3 else { return nil }
        return ZonedInstant(iso8601: "\(parts[0])T\(parts[1])\(parts[2])")
    }

    private static func shortName(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType"] where type.hasPrefix(prefix) {
            return String(type.dropFirst(prefix.count))
        }
        return type.isEmpty ? "records without a type" : type
    }
}
