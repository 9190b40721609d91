import CZlib
import HealthCore

/// Bytes read in pieces: a plain file, or one entry of a zip archive inflated on the fly.
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

/// One stored or deflated entry of a zip file, found through the central directory and
/// inflated in 64 KiB steps: memory stays flat however large the entry is.
final class ZipEntrySource: ByteSource {
    private let file: InputFile
    private let path: String
    private var remaining: Int64
    private let deflated: Bool
    private var stream = z_stream()
    /// Compressed bytes read from the file; a fixed heap address, since zlib keeps pointing into it.
    private let input = UnsafeMutablePointer<UInt8>.allocate(capacity: ZipEntrySource.chunk)
    private static let chunk = 1 << 16
    private var finished = false
    private let total: Int64
    private let progress: (@Sendable (Int64, Int64) -> Void)?

    /// Opens the first entry whose name is `name` or ends with `/name`.
    init(path: String, entryNamed name: String, progress: (@Sendable (Int64, Int64) -> Void)?) throws(InterchangeError) {
        self.path = path
        self.progress = progress
        do { file = try InputFile(path: path) } catch { throw .unreadable(path: path, reason: error.phrase) }
        let entry = try ZipEntrySource.findEntry(named: name, in: file, path: path)
        remaining = entry.compressedSize
        total = entry.compressedSize
        deflated = entry.method == 8
        guard entry.method == 0 || entry.method == 8 else {
            throw .malformed(path: path, reason: Phrase("{name} is compressed with method {method}; only stored and deflate are read", ["name": name, "method": "\(entry.method)"]))
        }
        do {
            try file.seek(to: entry.localHeaderOffset)
            let header = try file.read(30)
            guard header.count == 30, littleEndian(header, 0, 4) == 0x0403_4B50 else {
                throw InterchangeError.malformed(path: path, reason: Phrase("the zip's local header for {name} is damaged", ["name": name]))
            }
            try file.seek(to: entry.localHeaderOffset + 30 + littleEndian(header, 26, 2) + littleEndian(header, 28, 2))
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw .malformed(path: path, reason: Phrase("the zip cannot be read: {error}", ["error": "\(error)"]))
        }
        if deflated {
            guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw .malformed(path: path, reason: Phrase("zlib could not start"))
            }
        }
    }

    deinit {
        if deflated { inflateEnd(&stream) }
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        if !deflated {
            let count = Int(min(Int64(buffer.count), remaining))
            guard count > 0 else { return 0 }
            let got: Int
            do { got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])) } catch {
                throw .unreadable(path: path, reason: error.phrase)
            }
            guard got > 0 else { throw .malformed(path: path, reason: Phrase("the zip ends early (truncated)")) }
            remaining -= Int64(got)
            return got
        }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(buffer.count)
        while stream.avail_out > 0 && !finished {
            if stream.avail_in == 0 {
                let want = Int(min(Int64(ZipEntrySource.chunk), remaining))
                guard want > 0 else { throw .malformed(path: path, reason: Phrase("the zip ends early (truncated)")) }
                let got: Int
                do { got = try file.read(into: UnsafeMutableRawBufferPointer(start: input, count: want)) } catch {
                    throw .unreadable(path: path, reason: error.phrase)
                }
                guard got > 0 else { throw .malformed(path: path, reason: Phrase("the zip ends early (truncated)")) }
                remaining -= Int64(got)
                stream.next_in = input
                stream.avail_in = uInt(got)
            }
            let status = inflate(&stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                finished = true
            } else if status != Z_OK {
                throw .malformed(path: path, reason: Phrase("the zip's data is damaged (zlib error {status})", ["status": "\(status)"]))
            }
        }
        progress?(total - remaining, total)
        return buffer.count - Int(stream.avail_out)
    }

    private struct Entry {
        let method: Int
        let compressedSize: Int64
        let localHeaderOffset: Int64
    }

    /// The entry `name` from the central directory, read entry by entry (an archive of years of
    /// workout routes has hundreds of thousands), Zip64 archives and entries included.
    private static func findEntry(named name: String, in file: InputFile, path: String) throws(InterchangeError) -> Entry {
        do {
            let size = file.size
            let tailLength = min(size, 65_557)
            try file.seek(to: size - tailLength)
            let tail = try file.read(Int(tailLength))
            guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { littleEndian(tail, $0, 4) == 0x0605_4B50 }) else {
                throw InterchangeError.malformed(path: path, reason: Phrase("not a complete zip file (no end record; truncated?)"))
            }
            var count = littleEndian(tail, end + 10, 2)
            var directorySize = littleEndian(tail, end + 12, 4)
            var directoryOffset = littleEndian(tail, end + 16, 4)
            // Zip64: a locator just before the end record points at the 64-bit end record.
            if end >= 20, littleEndian(tail, end - 20, 4) == 0x0706_4B50 {
                let recordOffset = littleEndian(tail, end - 20 + 8, 8)
                guard recordOffset + 56 <= size else { throw InterchangeError.malformed(path: path, reason: Phrase("the zip64 end record is out of the file")) }
                try file.seek(to: recordOffset)
                let record = try file.read(56)
                guard record.count == 56, littleEndian(record, 0, 4) == 0x0606_4B50 else {
                    throw InterchangeError.malformed(path: path, reason: Phrase("the zip64 end record is damaged"))
                }
                count = littleEndian(record, 32, 8)
                directorySize = littleEndian(record, 40, 8)
                directoryOffset = littleEndian(record, 48, 8)
            }
            guard directoryOffset >= 0, directorySize >= 0, directoryOffset + directorySize <= size else {
                throw InterchangeError.malformed(path: path, reason: Phrase("the zip's directory is out of the file (truncated?)"))
            }
            try file.seek(to: directoryOffset)
            var read: Int64 = 0
            var spreadsheetParts = 0
            var entries: Int64 = 0
            while entries < count, read + 46 <= directorySize {
                entries += 1
                let header = try file.read(46)
                guard header.count == 46, littleEndian(header, 0, 4) == 0x0201_4B50 else { break }
                let nameLength = Int(littleEndian(header, 28, 2))
                let extraLength = Int(littleEndian(header, 30, 2))
                let commentLength = Int(littleEndian(header, 32, 2))
                let rest = try file.read(nameLength + extraLength + commentLength)
                guard rest.count == nameLength + extraLength + commentLength else { break }
                read += Int64(46 + rest.count)
                let entryName = String(decoding: rest[0..<nameLength], as: UTF8.self)
                if entryName == "[Content_Types].xml" || entryName.hasPrefix("xl/") { spreadsheetParts += 1 }
                guard entryName == name || entryName.hasSuffix("/" + name) else { continue }
                var compressed = littleEndian(header, 20, 4)
                var uncompressed = littleEndian(header, 24, 4)
                var offset = littleEndian(header, 42, 4)
                // Sizes and the offset set to 0xFFFFFFFF are in the Zip64 extra field, in this order.
                var extra = nameLength
                while extra + 4 <= nameLength + extraLength {
                    let id = littleEndian(rest, extra, 2)
                    let length = Int(littleEndian(rest, extra + 2, 2))
                    if id == 0x0001 {
                        var at = extra + 4
                        for field in [0, 1, 2] {
                            let value = field == 0 ? uncompressed : field == 1 ? compressed : offset
                            guard value == 0xFFFF_FFFF, at + 8 <= extra + 4 + length else { continue }
                            let wide = littleEndian(rest, at, 8)
                            if field == 0 { uncompressed = wide } else if field == 1 { compressed = wide } else { offset = wide }
                            at += 8
                        }
                    }
                    extra += 4 + length
                }
                guard compressed != 0xFFFF_FFFF, offset != 0xFFFF_FFFF, offset + compressed <= size else {
                    throw InterchangeError.malformed(path: path, reason: Phrase("the zip's entry for {name} is damaged", ["name": name]))
                }
                return Entry(method: Int(littleEndian(header, 10, 2)), compressedSize: compressed, localHeaderOffset: offset)
            }
            if spreadsheetParts >= 2 {
                throw InterchangeError.malformed(
                    path: path,
                    reason: InterchangeFormat.spreadsheetRefusal("xlsx"))
            }
            throw InterchangeError.malformed(path: path, reason: Phrase("the zip holds no {name}", ["name": name]))
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw .malformed(path: path, reason: Phrase("the zip cannot be read: {error}", ["error": "\(error)"]))
        }
    }
}

/// A little-endian unsigned integer of `size` bytes at `offset`.
private func littleEndian(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int64 {
    (0..<size).reversed().reduce(Int64(0)) { $0 << 8 | Int64(bytes[offset + $1]) }
}
