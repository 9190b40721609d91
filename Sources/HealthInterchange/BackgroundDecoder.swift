import Dispatch
public import HealthCore
public import HealthRecords
import Synchronization

/// Decodes a file on another thread and hands its readings over in batches, so that storing
/// them overlaps with reading the file: a bulk import keeps both cores busy.
///
/// ```swift
/// let decoder = BackgroundDecoder(format: .csv, settings: settings)
/// let head = try decoder.start()        // profiles and tags come first
/// while let batch = decoder.nextBatch() { … }
/// let outcome = try decoder.finish()    // problems, skipped records
/// ```
///
/// Formats that ``InterchangeFormat/streamsReadings`` arrive in batches as they are read;
/// the others are decoded whole and arrive as one batch. Use it from one thread.
public final class BackgroundDecoder {
    private let channel = BatchChannel(capacity: 4)
    private var pending: ValidatedReadings?
    /// The batch handed out last, kept so that the decoding thread, which allocated it,
    /// also frees it: freeing into another thread's malloc arena makes the two contend.
    private var handedOut: ValidatedReadings?
    private var end: Result<DecodedImport, InterchangeError>?

    /// Starts decoding at once.
    public init(format: InterchangeFormat, settings: ImportSettings) {
        let channel = channel
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<DecodedImport, InterchangeError>
            do throws(InterchangeError) {
                var decoded = try InterchangeImporter.decode(format, settings, batches: { batch in
                    // The reader gave up: stop reading (the error is never seen).
                    if channel.isCancelled { throw InterchangeError.malformed(path: settings.path, reason: "cancelled") }
                    channel.send(.batch(try validated(batch, path: settings.path)))
                    channel.dropReturnedBatches()
                })
                if !format.streamsReadings {
                    // Decoded whole: profiles and tags first, then the readings in one batch.
                    var head = decoded
                    head.readings = []
                    channel.send(.head(head))
                    if !decoded.readings.isEmpty { channel.send(.batch(try validated(decoded.readings, path: settings.path))) }
                    decoded.readings = []
                }
                result = .success(decoded)
            } catch {
                result = .failure(error)
            }
            channel.send(.end(result))
        }
    }

    deinit {
        cancel()
    }

    /// Waits for the first batch or the end, and returns the file's profiles, tag definitions
    /// and merge rule (a format that streams has none of the first two). Throws when the
    /// file cannot be read at all, e.g. a wrong header.
    public func start() throws(InterchangeError) -> DecodedImport {
        switch channel.receive() {
        case .head(let head):
            return head
        case .batch(let batch):
            pending = batch
            return DecodedImport()
        case .end(let result):
            end = result
            return try result.get()
        }
    }

    /// The next batch of readings, waiting for it; nil after the last.
    public func nextBatch() -> ValidatedReadings? {
        if let done = handedOut {
            handedOut = nil
            channel.giveBack(done)
        }
        if let batch = pending {
            pending = nil
            handedOut = batch
            return batch
        }
        guard end == nil else { return nil }
        switch channel.receive() {
        case .head: return nextBatch()  // only ever first, and taken by start()
        case .batch(let batch):
            handedOut = batch
            return batch
        case .end(let result):
            end = result
            return nil
        }
    }

    /// Waits for the end, setting aside batches not taken, and returns the problems and
    /// skipped records (no readings), or throws what stopped the reading.
    public func finish() throws(InterchangeError) -> DecodedImport {
        pending = nil
        while end == nil {
            if case .end(let result) = channel.receive() { end = result }
        }
        return try end!.get()
    }

    /// Stops the decoding early and waits for its thread to let go.
    public func cancel() {
        channel.cancel()
        _ = try? finish()
    }
}

/// The decoders validate every reading they return, so this is a formality that moves the
/// check off the writing thread; a reading that still fails is a broken file.
private func validated(_ readings: [Reading], path: String) throws(InterchangeError) -> ValidatedReadings {
    do {
        return try ValidatedReadings(readings)
    } catch {
        throw .malformed(path: path, reason: error.description)
    }
}

/// A bounded queue from the decoding thread to the reader: the decoder waits when it is
/// `capacity` batches ahead, so a large file is never held in memory whole.
private final class BatchChannel: Sendable {
    enum Message: Sendable {
        /// A whole-file format's profiles, tags and merge rule, before its readings.
        case head(DecodedImport)
        case batch(ValidatedReadings)
        case end(Result<DecodedImport, InterchangeError>)
    }

    private let messages = Mutex<[Message]>([])
    private let returned = Mutex<[ValidatedReadings]>([])
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
    func giveBack(_ batch: ValidatedReadings) {
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
