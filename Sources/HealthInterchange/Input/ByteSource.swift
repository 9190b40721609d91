import HealthCore

/// Bytes read in pieces: a plain file, or one entry of a zip archive (``ZipEntrySource``).
protocol ByteSource: AnyObject {
    /// Fills `buffer` as far as it can; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int
}

/// A file read straight through, telling `progress` how far it has got.
final class FileByteSource: ByteSource {
    private let file: InputFile
    private let total: Int64
    private var done: Int64 = 0
    private let progress: (@Sendable (Int64, Int64) -> Void)?

    init(path: String, progress: (@Sendable (Int64, Int64) -> Void)?) throws(InterchangeError) {
        do { file = try InputFile(path: path) } catch { throw .unreadable(path: path, reason: error.phrase) }
        total = file.size
        self.progress = progress
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        let count: Int
        do { count = try file.read(into: buffer) } catch { throw .unreadable(path: file.path, reason: error.phrase) }
        done += Int64(count)
        progress?(done, total)
        return count
    }
}

/// Bytes already in memory (a workbook's part), read as a source.
final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }
}
