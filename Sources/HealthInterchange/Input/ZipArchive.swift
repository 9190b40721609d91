import CArchive
import HealthCore

/// A zip file (an Apple Health `export.zip`, an `.xlsx` or `.ods` workbook) read through
/// libarchive, entry by entry. libarchive reads the central directory, Zip64 included, and
/// checks each entry it hands over against its CRC-32 and its sizes: a damaged entry is an
/// error naming it, never data. An encrypted entry is refused by name.
///
/// It owns the libarchive handle and frees it in `deinit`.
final class ZipArchive {
    /// How messages name the file.
    let name: String
    private let handle: OpaquePointer
    /// The entry the reader is at.
    private(set) var entry: String?
    /// What is left of the block libarchive handed over last.
    private var block: UnsafeRawPointer?
    private var blockRemaining = 0
    private var entryDone = false
    /// Bytes of entries read so far, for the caller's limits.
    private(set) var inflatedBytes: Int64 = 0
    /// Bytes of the file read so far, for progress.
    var compressedBytesRead: Int64 { archive_filter_bytes(handle, -1) }

    /// Opens the zip at `path` (a file, or a copy of a pipe), which messages call `name`.
    init(path: String, name: String) throws(InterchangeError) {
        self.name = name
        guard let handle = archive_read_new() else { throw .malformed(path: name, reason: Phrase("libarchive could not start")) }
        self.handle = handle
        // Entry by entry, as the file runs: memory stays flat for an export of hundreds of
        // thousands of workout routes (the central directory would hold them all at once).
        archive_read_support_format_zip_streamable(handle)
        guard try ZipArchive.endsWithItsEndRecord(path: path, name: name) else {
            throw .malformed(path: name, reason: Phrase("the zip file is incomplete (its end record is missing: cut short?); copy or download it again"))
        }
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else {
            throw .malformed(
                path: name, reason: Phrase("the zip file is damaged or incomplete ({reason}); copy or download it again", ["reason": errorText()]))
        }
    }

    deinit {
        archive_read_free(handle)
    }

    /// True when the file ends with a zip's end record: a file cut short anywhere has lost it.
    /// (libarchive checks every entry it hands over; read entry by entry, it never reaches the end.)
    private static func endsWithItsEndRecord(path: String, name: String) throws(InterchangeError) -> Bool {
        do {
            let file = try InputFile(path: path)
            let tail = Int(min(file.size, 22 + 0xFFFF))
            try file.seek(to: file.size - Int64(tail))
            let bytes = try file.read(tail)
            // The record is 22 bytes and its comment, whose length is its last field.
            return stride(from: bytes.count - 22, through: 0, by: -1).contains { at in
                bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 0x05 && bytes[at + 3] == 0x06
                    && at + 22 + (Int(bytes[at + 20]) | Int(bytes[at + 21]) << 8) == bytes.count
            }
        } catch {
            throw .unreadable(path: name, reason: error.phrase)
        }
    }

    /// Moves to the next entry and returns its name; nil after the last.
    func nextEntry() throws(InterchangeError) -> String? {
        block = nil
        blockRemaining = 0
        entryDone = false
        var current: OpaquePointer?
        let status = archive_read_next_header(handle, &current)
        if status == ARCHIVE_EOF {
            entry = nil
            return nil
        }
        guard status >= ARCHIVE_WARN, let current else {
            throw .malformed(
                path: name,
                reason: Phrase(
                    "the zip file is damaged after the entry {entry} ({reason}); copy or download it again",
                    ["entry": entry ?? "-", "reason": errorText()]))
        }
        let named = archive_entry_pathname_utf8(current) ?? archive_entry_pathname(current)
        let found = named.map { String(cString: $0) } ?? ""
        entry = found
        if archive_entry_is_encrypted(current) != 0 {
            throw .malformed(
                path: name,
                reason: Phrase("the entry {entry} is encrypted (the zip has a password); export it again without one", ["entry": found]))
        }
        return found
    }

    /// Moves to the first entry whose name is `wanted` or ends with `/wanted`; nil when there is none.
    func find(_ wanted: String) throws(InterchangeError) -> String? {
        while let entry = try nextEntry() {
            if entry == wanted || entry.hasSuffix("/" + wanted) { return entry }
        }
        return nil
    }

    /// Fills `buffer` from the current entry; 0 at its end, once libarchive has checked its
    /// CRC-32 and sizes. A mismatch is an error naming the entry.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        guard buffer.count > 0, entry != nil else { return 0 }
        while blockRemaining == 0 {
            guard !entryDone else { return 0 }
            var data: UnsafeRawPointer?
            var size = 0
            var offset: la_int64_t = 0
            let status = archive_read_data_block(handle, &data, &size, &offset)
            if status == ARCHIVE_EOF {
                entryDone = true
                return 0
            }
            // A warning is how libarchive says a CRC or a size did not match.
            guard status == ARCHIVE_OK else { throw damaged() }
            block = data
            blockRemaining = data == nil ? 0 : size
        }
        let count = min(buffer.count, blockRemaining)
        buffer.baseAddress!.copyMemory(from: block!, byteCount: count)
        block = block! + count
        blockRemaining -= count
        inflatedBytes += Int64(count)
        return count
    }

    /// The current entry's bytes to the end, no more than `limit` of them.
    func readEntry(limit: Int) throws(InterchangeError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try read(into: chunk)
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw .malformed(
                    path: name,
                    reason: Phrase("the entry {entry} is larger than {n} MiB, more than a real one holds", ["entry": entry ?? "", "n": String(limit >> 20)]))
            }
            bytes += chunk[0..<count]
        }
    }

    /// The current entry is damaged: one line naming it.
    private func damaged() -> InterchangeError {
        .malformed(
            path: name,
            reason: Phrase(
                "the entry {entry} is damaged ({reason}): the zip file is damaged; copy or download it again",
                ["entry": entry ?? "", "reason": errorText()]))
    }

    /// libarchive's own words for what went wrong, on one line: some of its messages end with a
    /// newline (`… wrong size (read 4342, expected 4266)\n`), which must not reach the user's line.
    private func errorText() -> String {
        let text = archive_error_string(handle).map { String(cString: $0) } ?? "error \(archive_errno(handle))"
        return text.split(whereSeparator: \.isNewline).map { String(String($0).trimmingWhitespace()) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// One entry of a zip file as a byte source: the first whose name is `name` or ends with `/name`.
final class ZipEntrySource: ByteSource {
    private let archive: ZipArchive
    private let total: Int64
    private let progress: (@Sendable (Int64, Int64) -> Void)?
    /// The entry's full name in the archive.
    let entry: String

    init(path: String, entryNamed name: String, displayName: String, progress: (@Sendable (Int64, Int64) -> Void)?) throws(InterchangeError) {
        archive = try ZipArchive(path: path, name: displayName)
        guard let entry = try archive.find(name) else {
            throw .malformed(path: displayName, reason: Phrase("the zip holds no {name}", ["name": name]))
        }
        self.entry = entry
        total = (try? InputFile(path: path).size) ?? 0
        self.progress = progress
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        let count = try archive.read(into: buffer)
        progress?(min(archive.compressedBytesRead, total), total)
        return count
    }
}

/// What a zip file is, told from the names of its entries: an Apple Health export, or a
/// spreadsheet workbook (Excel's and WPS's `.xlsx`, OpenDocument's `.ods`).
enum ZipContents: Equatable {
    case appleHealth
    case xlsx
    case ods
    /// A zip that holds none of these.
    case other

    /// The contents of the zip at `path`, which messages call `name`.
    static func of(path: String, name: String) throws(InterchangeError) -> ZipContents {
        let archive = try ZipArchive(path: path, name: name)
        // The first entry that tells: the Health app puts everything in apple_health_export/,
        // a workbook has xl/… or an OpenDocument mimetype first.
        while let entry = try archive.nextEntry() {
            if entry.hasPrefix("xl/") { return .xlsx }
            if entry.hasPrefix("word/") || entry.hasPrefix("ppt/") { return .other }
            if entry == "mimetype" {
                let type = String(decoding: try archive.readEntry(limit: 1 << 10), as: UTF8.self)
                return type.contains("opendocument.spreadsheet") ? .ods : .other
            }
            if entry == "content.xml" { return .ods }
            if entry.hasPrefix("apple_health_export/") || entry == "export.xml" || entry.hasSuffix("/export.xml") { return .appleHealth }
        }
        return .other
    }
}
