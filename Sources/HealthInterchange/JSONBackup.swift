import FoundationEssentials
public import HealthCore
public import HealthRecords

/// HealthLog's full backup: profiles, tag definitions (labels and colours) and readings.
///
/// Importing merges by reading id; when the same id differs, the newer `updatedAt`
/// wins and the conflict is reported. Importing a file twice changes nothing.
public enum JSONBackup {
    /// The format version this build writes and reads.
    public static let version = 1

    struct Document: Codable {
        var format = "healthlog-backup"
        var version = JSONBackup.version
        var exportedAt: String
        var profiles: [ProfileRecord]
        var tags: [TagRecord]
        var readings: [ReadingRecord]
    }

    struct Target: Codable {
        let systolic: Int
        let diastolic: Int
    }

    struct ProfileRecord: Codable {
        let id: String
        let name: String
        let birthYear: Int?
        let sex: String?
        let target: Target
        let createdAt: String
        let updatedAt: String
    }

    struct TagRecord: Codable {
        let id: String
        let label: String
        let labelZh: String?
        let color: String
        let symbol: String
    }

    struct ReadingRecord: Codable {
        let id: String
        let profile: String
        let takenAt: String
        let systolic: Int?
        let diastolic: Int?
        let pulse: Int?
        let weightKg: Double?
        let tags: [String]
        let note: String?
        let createdAt: String
        let updatedAt: String
    }

    /// The backup document as UTF-8 JSON.
    public static func encode(profiles: [Profile], tags: [StatusTag], readings: [Reading], exportedAt: Int64) -> [UInt8] {
        let document = Document(
            exportedAt: InstantText.format(milliseconds: exportedAt),
            profiles: profiles.map { profile in
                ProfileRecord(
                    id: profile.id, name: profile.name, birthYear: profile.birthYear, sex: profile.sex?.rawValue,
                    target: Target(systolic: profile.target.systolic, diastolic: profile.target.diastolic),
                    createdAt: InstantText.format(milliseconds: profile.createdAt),
                    updatedAt: InstantText.format(milliseconds: profile.updatedAt))
            },
            tags: tags.map { TagRecord(id: $0.id, label: $0.label, labelZh: $0.labelChinese, color: $0.color, symbol: $0.symbol) },
            readings: readings.map { reading in
                ReadingRecord(
                    id: reading.id, profile: reading.profileID, takenAt: reading.takenAt.iso8601, systolic: reading.systolic,
                    diastolic: reading.diastolic, pulse: reading.pulse, weightKg: reading.weightKilograms, tags: reading.tagIDs,
                    note: reading.note.isEmpty ? nil : reading.note, createdAt: InstantText.format(milliseconds: reading.createdAt),
                    updatedAt: InstantText.format(milliseconds: reading.updatedAt))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        return Array((try? encoder.encode(document)) ?? Data())
    }

    /// Reads a backup; bad readings become problems naming their position.
    static func decode(_ settings: ImportSettings) throws(InterchangeError) -> DecodedImport {
        let path = settings.path
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, reason: describe(error))
        }
        guard document.format == "healthlog-backup" else { throw .malformed(path: path, reason: "'format' is not healthlog-backup") }
        guard document.version <= version else {
            throw .malformed(path: path, reason: "backup format \(document.version) is newer than this healthlog reads (\(version)); upgrade healthlog")
        }
        var result = DecodedImport()
        result.mergesByID = true
        for (index, record) in document.profiles.enumerated() {
            guard let created = InstantText.parse(record.createdAt), let updated = InstantText.parse(record.updatedAt) else {
                result.problems.append("\(path): profiles[\(index)]: createdAt and updatedAt must be ISO 8601 instants")
                continue
            }
            let profile = Profile(
                id: record.id, name: record.name, birthYear: record.birthYear, sex: record.sex.flatMap(Profile.Sex.init(rawValue:)),
                target: BloodPressure(systolic: record.target.systolic, diastolic: record.target.diastolic),
                createdAt: created, updatedAt: updated)
            do { try profile.validate() } catch {
                result.problems.append("\(path): profiles[\(index)] (\(record.id)): \(error)")
                continue
            }
            result.profiles.append(profile)
        }
        for (index, record) in document.tags.enumerated() {
            let tag = StatusTag(id: record.id, label: record.label, labelChinese: record.labelZh, color: record.color, symbol: record.symbol)
            do { try tag.validate() } catch {
                result.problems.append("\(path): tags[\(index)] (\(record.id)): \(error)")
                continue
            }
            result.tags.append(tag)
        }
        for (index, record) in document.readings.enumerated() {
            do {
                result.readings.append(try reading(from: record))
            } catch {
                result.problems.append("\(path): readings[\(index)] (\(record.id.prefix(8))): \(error)")
            }
        }
        if let profile = settings.profileID {
            result.readings.removeAll { $0.profileID != profile }
            result.profiles.removeAll { $0.id != profile }
        }
        return result
    }

    private static func reading(from record: ReadingRecord) throws(ValidationError) -> Reading {
        guard let takenAt = ZonedInstant(iso8601: record.takenAt) else {
            throw .invalid("takenAt '\(record.takenAt)' is not ISO 8601 with an offset")
        }
        guard let created = InstantText.parse(record.createdAt), let updated = InstantText.parse(record.updatedAt) else {
            throw .invalid("createdAt and updatedAt must be ISO 8601 instants")
        }
        var weight: Int?
        if let kilograms = record.weightKg {
            guard let value = grams(kilograms, unit: "kg") else { throw .invalid("weightKg \(kilograms) is out of range (1–500 kg)") }
            weight = value
        }
        var pressure: BloodPressure?
        switch (record.systolic, record.diastolic) {
        case (nil, nil): break
        case let (s?, d?): pressure = BloodPressure(systolic: s, diastolic: d)
        default: throw .invalid("systolic and diastolic must be given together")
        }
        let reading = Reading(
            id: record.id.lowercased(), profileID: record.profile, takenAt: takenAt, bloodPressure: pressure,
            pulse: record.pulse, weightGrams: weight, tagIDs: record.tags,
            note: record.note ?? "", createdAt: created, updatedAt: updated)
        try reading.validate()
        return reading
    }
}

/// A JSON decoding failure as "'readings.3.takenAt' is missing".
func describe(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context): return "'\(path(context.codingPath + [key]))' is missing"
    case .typeMismatch(let type, let context): return "'\(path(context.codingPath))' has the wrong type (expected \(type))"
    case .valueNotFound(_, let context): return "'\(path(context.codingPath))' is null"
    case .dataCorrupted(let context):
        return context.codingPath.isEmpty ? "the file is not valid JSON (truncated or not UTF-8?)" : "'\(path(context.codingPath))' has an invalid value"
    @unknown default: return "the file cannot be read"
    }
}
