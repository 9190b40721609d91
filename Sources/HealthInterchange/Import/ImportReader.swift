public import HealthCore

/// A file read for an import: opened, its format told from its first bytes (or named), and
/// then decoded on a second thread and handed over in batches, each checked where it was read.
///
/// ```swift
/// let reader = try ImportReader(path: "export.zip", format: nil)
/// reader.start(context)
/// while let batch = reader.nextBatch() { … }    // write each in the log's transaction
/// let outcome = try reader.finish()             // problems, skipped records
/// ```
///
/// Use it from one thread. Nothing is written anywhere: the caller owns the log.
public final class ImportReader {
    /// How messages name the input: its path, or "standard input".
    public let name: String
    public let format: InterchangeFormat
    /// True when the format was told from the file rather than named.
    public let formatWasDetected: Bool
    private let input: ImportInput
    private var decoder: BackgroundDecoder?

    /// Opens `path` (`-` for standard input) and tells its format; `formatDetected` hears which
    /// format was found before anything else is read. A `mapped` file (read with a
    /// ``ColumnMapping``) is a ``InterchangeFormat/spreadsheet``, whatever its header.
    public init(
        path: String, format: InterchangeFormat?, mapped: Bool = false, standardInputName: String = "standard input",
        progress: (@Sendable (Int64, Int64?) -> Void)? = nil, formatDetected: ((String, InterchangeFormat) -> Void)? = nil
    ) throws(InterchangeError) {
        input = try ImportInput(path: path, standardInputName: standardInputName, progress: progress)
        name = input.name
        if mapped {
            self.format = .spreadsheet
        } else if let format {
            self.format = format
        } else {
            self.format = try InterchangeFormat.detect(input)
            formatDetected?(input.name, self.format)
        }
        formatWasDetected = format == nil && !mapped
        try self.format.checkLooksRight(input)
    }

    /// True where records with HealthLog's ids merge: the same id with different contents is a
    /// conflict the newer `updatedAt` wins.
    public var mergesByID: Bool { format.mergesByID }

    /// Starts decoding with `context` on a second thread.
    public func start(_ context: DecodeContext) {
        decoder = BackgroundDecoder(format: format, input: input, context: context)
    }

    /// The next batch, waiting for it; nil after the last.
    public func nextBatch() -> ImportBatch? {
        decoder?.nextBatch()
    }

    /// Waits for the end and returns the problems and skipped records, or throws what stopped
    /// the reading.
    public func finish() throws(InterchangeError) -> DecodeOutcome {
        guard let decoder else { return DecodeOutcome() }
        return try decoder.finish()
    }
}
