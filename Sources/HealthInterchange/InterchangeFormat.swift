import HealthCore
import HealthRecords

/// The file formats `import` reads and `export` writes.
public enum InterchangeFormat: String, CaseIterable, Sendable {
    /// HealthLog's own CSV.
    case csv
    /// HealthLog's full backup: profiles, tag definitions and readings.
    case json
    /// A FHIR R4 Bundle of Patients and vital-signs Observations.
    case fhir
    /// Omron Connect's CSV export.
    case omron
    /// Withings' `bp.csv`.
    case withings
    /// Apple Health's `export.xml`, or the `export.zip` holding it.
    case appleHealth = "apple-health"

    /// Device and phone exports name no person: the caller must say whose they are.
    public var needsProfile: Bool { self == .omron || self == .withings || self == .appleHealth }

    static let omronHeader = ["Date", "Time", "Systolic (mmHg)", "Diastolic (mmHg)", "Pulse (bpm)", "Symptoms", "Consumed", "TruRead", "Notes"]
    static let withingsHeader = ["Date", "Heart rate", "Systolic", "Diastolic", "Comments"]

    /// Works out the format from the file's first bytes: a zip or XML root, a JSON root, or a CSV header.
    public static func detect(path: String) throws(InterchangeError) -> InterchangeFormat {
        let head = try FileHead.read(path, bytes: 4096)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .appleHealth }
        let text = String(decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<") {
            if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") { return .appleHealth }
            throw .unrecognized(path: path)
        }
        if trimmed.hasPrefix("{") {
            if text.contains("\"resourceType\"") { return .fhir }
            if text.contains("\"healthlog-backup\"") { return .json }
            throw .unrecognized(path: path)
        }
        let firstLine = String(text.prefix { $0 != "\n" && $0 != "\r" })
        var cells: [String] = []
        try? CSVReader(bytes: Array(firstLine.utf8)).forEachRecord { if cells.isEmpty { cells = $0.cells } }
        let header = cells.map { String($0.drop { $0 == " " }) }
        if header == ReadingCSVCodec.header { return .csv }
        if header == omronHeader { return .omron }
        if header == withingsHeader { return .withings }
        throw .unrecognized(path: path)
    }
}

/// The first bytes of a file.
enum FileHead {
    static func read(_ path: String, bytes count: Int) throws(InterchangeError) -> [UInt8] {
        do {
            let file = try InputFile(path: path)
            return try file.read(count)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }
}
