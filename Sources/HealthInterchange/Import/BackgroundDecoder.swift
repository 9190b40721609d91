import HealthCore
import Dispatch
import Synchronization

/// Decodes an input on another thread and hands what it finds over in batches, so that storing
/// them overlaps with reading the file: a bulk import keeps both cores busy.
///
/// ```swift
/// let decoder = BackgroundDecoder(format: .csv, input: input, context: context)
/// while let batch = decoder.nextBatch() { … }
/// let outcome = try decoder.finish()    // problems, skipped records
/// ```
///
/// Use it from one thread. The input belongs to the decoding thread from `init` on.
final class BackgroundDecoder {
    private let channel = BatchChannel(capacity: 4)
    /// The batch handed out last, kept so that the decoding thread, which allocated it,
    /// also frees it: freeing into another thread's malloc arena makes the two contend.
    private var handedOut: ImportBatch?
    private var end: Result<DecodeOutcome, InterchangeError>?

    /// Starts decoding at once.
    init(format: InterchangeFormat, input: ImportInput, context: DecodeContext) {
        let channel = channel
        let handOver = InputHandOver(input)
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<DecodeOutcome, InterchangeError>
            do throws(InterchangeError) {
                let sink = ImportSink(context: context) { batch throws(InterchangeError) in
                    // The reader gave up: stop reading (the error is never seen).
                    if channel.isCancelled { throw InterchangeError.malformed(path: context.name, reason: Phrase("cancelled")) }
                    channel.send(.batch(batch))
                    channel.dropReturnedBatches()
                }
                try format.decode(handOver.input, context: context, into: sink)
                result = .success(sink.outcome)
            } catch {
                result = .failure(error)
            }
            channel.send(.end(result))
        }
    }

    deinit {
        cancel()
    }

    /// The next batch, waiting for it; nil after the last.
    func nextBatch() -> ImportBatch? {
        if let done = handedOut {
            handedOut = nil
            channel.giveBack(done)
        }
        guard end == nil else { return nil }
        switch channel.receive() {
        case .batch(let batch):
            handedOut = batch
            return batch
        case .end(let result):
            end = result
            return nil
        }
    }

    /// Waits for the end, setting aside batches not taken, and returns the problems and skipped
    /// records, or throws what stopped the reading.
    func finish() throws(InterchangeError) -> DecodeOutcome {
        while end == nil {
            if case .end(let result) = channel.receive() { end = result }
        }
        return try end!.get()
    }

    /// Stops the decoding early and waits for its thread to let go.
    func cancel() {
        channel.cancel()
        _ = try? finish()
    }
}

/// Moves the input to the decoding thread: from then on only that thread touches it.
private final class InputHandOver: @unchecked Sendable {
    let input: ImportInput
    init(_ input: ImportInput) { self.input = input }
}

/// A bounded queue from the decoding thread to the reader: the decoder waits when it is
/// `capacity` batches ahead, so a large file is never held in memory whole.
private final class BatchChannel: Sendable {
    enum Message: Sendable {
        case batch(ImportBatch)
        case end(Result<DecodeOutcome, InterchangeError>)
    }

    private let messages = Mutex<[Message]>([])
    private let returned = Mutex<[ImportBatch]>([])
    private let cancelled = Atomic(false)
    private let filled = DispatchSemaphore(value: 0)
    private let free: DispatchSemaphore

    init(capacity: Int) {
        free = DispatchSemaphore(value: capacity)
    }

    /// True once the reader has given up.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Hands a used batch back to the decoding thread, to be freed there.
    func giveBack(_ batch: ImportBatch) {
        returned.withLock { $0.append(batch) }
    }

    /// Frees, on the decoding thread, the batches the reader is done with.
    func dropReturnedBatches() {
        let done = returned.withLock { batches in
            defer { batches = [] }
            return batches
        }
        _ = done
    }

    func send(_ message: Message) {
        free.wait()
        messages.withLock { $0.append(message) }
        filled.signal()
    }

    func receive() -> Message {
        filled.wait()
        let message = messages.withLock { $0.removeFirst() }
        free.signal()
        return message
    }
}

extension InterchangeFormat {
    /// Reads `input` as this format into `sink`.
    func decode(_ input: ImportInput, context: DecodeContext, into sink: ImportSink) throws(InterchangeError) {
        switch self {
        case .csv: try CSVFileDecoder.decode(input, as: HealthLogCSVDecoder.self, context: context, into: sink)
        case .omron: try CSVFileDecoder.decode(input, as: OmronDecoder.self, context: context, into: sink)
        case .withings: try CSVFileDecoder.decode(input, as: WithingsDecoder.self, context: context, into: sink)
        case .bpMonitor: try CSVFileDecoder.decode(input, as: BPMonitorDecoder.self, context: context, into: sink)
        case .samsungHealth: try CSVFileDecoder.decode(input, as: SamsungHealthDecoder.self, context: context, into: sink)
        case .spreadsheet: try CSVFileDecoder.decode(input, as: SpreadsheetDecoder.self, context: context, into: sink)
        case .notebook: try CSVFileDecoder.decode(input, as: NotebookDecoder.self, context: context, into: sink)
        case .json: try JSONBackup.decode(input, context: context, into: sink)
        case .fhir: try FHIRImport.decode(input, context: context, into: sink)
        case .appleHealth: try AppleHealthImporter.decode(input, context: context, into: sink)
        }
    }
}
