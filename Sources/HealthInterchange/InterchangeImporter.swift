public import HealthCore
public import HealthRecords

/// Receives decoded readings in batches as a file is read; throwing stops the reading.
public typealias ReadingBatchSink = ([Reading]) throws -> Void

/// Reads any supported format into a ``DecodedImport``.
public enum InterchangeImporter {
    /// Decodes the whole file, readings included.
    public static func decode(_ format: InterchangeFormat, _ settings: ImportSettings) throws(InterchangeError) -> DecodedImport {
        try decode(format, settings, batches: nil)
    }

    /// Decodes the file. For a format that ``InterchangeFormat/streamsReadings``, `batches`
    /// receives the readings while the file is read and the result holds none; any other
    /// format is decoded whole and returns its readings.
    public static func decode(
        _ format: InterchangeFormat, _ settings: ImportSettings, batches: ReadingBatchSink?
    ) throws(InterchangeError) -> DecodedImport {
        switch format {
        case .csv: try HealthLogCSVImporter.decode(settings, batches: batches)
        case .json: try JSONBackup.decode(settings)
        case .fhir: try FHIRImport.decode(settings)
        case .omron: try OmronImporter.decode(settings, batches: batches)
        case .withings: try WithingsImporter.decode(settings, batches: batches)
        case .appleHealth: try AppleHealthImporter.decode(settings)
        }
    }
}

extension InterchangeFormat {
    /// True for the row-by-row formats (the CSVs), whose readings can be handed over while
    /// the file is still being read. They carry no profiles or tag definitions.
    public var streamsReadings: Bool {
        switch self {
        case .csv, .omron, .withings: true
        case .json, .fhir, .appleHealth: false
        }
    }
}
