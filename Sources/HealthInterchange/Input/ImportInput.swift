#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import HealthCore

/// The limits that keep every reader in bounded memory on any input, each checked as the bytes
/// arrive. Real exports stay far inside them; `/dev/zero` or random bytes reach one at once.
public enum InputLimits {
    /// The longest CSV record (one line, or several inside quotes).
    public static let csvRecordBytes = 1 << 20
    /// The longest stretch of an XML file between two `>`: one element start, end or text.
    public static let xmlElementBytes = 1 << 20
    /// JSON: strings, nesting, one record (a reading, a profile, a Bundle entry, an NDJSON line).
    public static let json = JSONLimits(stringBytes: 1 << 20, depth: 64, valueBytes: 8 << 20, numberLength: 64)
    /// The largest standard input copied aside for a format that must be read twice (Apple Health).
    public static let spoolBytes: Int64 = 8 << 30
    /// How much of the start of an input is kept to tell its format.
    static let headBytes = 1 << 16
}

/// The file an import reads: a path, or `-` for standard input (process substitution such as
/// `<(cat file.csv)` gives a path that is a pipe). It is read once, from the start, in pieces.
/// Its first bytes are kept so the format can be told from them, never from the name, and then
/// replayed, so a pipe works like a file.
public final class ImportInput: ByteSource {
    /// The path as given (`-` for standard input).
    public let path: String
    /// How messages name it: the path, or "standard input".
    public let name: String
    /// The first bytes (up to 64 KiB; all of a shorter input).
    public let head: [UInt8]
    /// The size when the input is a regular file, for progress.
    public let size: Int64?
    private let file: InputFile
    private var replayed = 0
    private var done: Int64 = 0
    /// Told (bytes read, total when known) as the input is read.
    let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// A private copy of a pipe, made when a format must read it twice: a path to open it at,
    /// and the descriptor that keeps it.
    private var spool: (path: String, descriptor: Int32)?

    /// Opens `path` (or standard input for `-`, which messages call `standardInputName`) and
    /// reads its first bytes.
    public init(path: String, standardInputName: String = "standard input", progress: (@Sendable (Int64, Int64?) -> Void)? = nil) throws(InterchangeError) {
        self.path = path
        name = path == "-" ? standardInputName : path
        self.progress = progress
        do {
            file = path == "-" ? try InputFile(standardInputNamed: name) : try InputFile(path: path)
        } catch {
            throw error.isMissing ? .missing(path: path) : .unreadable(path: name, reason: error.reason)
        }
        size = file.isRegularFile ? file.size : nil
        var head = [UInt8](repeating: 0, count: InputLimits.headBytes)
        let count: Int
        let opened = file
        do { count = try head.withUnsafeMutableBytes { try opened.read(into: $0) } } catch let error as FileBytes.ReadError {
            throw .unreadable(path: name, reason: error.reason)
        } catch {
            throw .unreadable(path: name, reason: Phrase(verbatim: "\(error)"))
        }
        head.removeLast(head.count - count)
        self.head = head
    }

    deinit {
        guard let spool else { return }
        close(spool.descriptor)
        #if !os(Linux)
            unlink(spool.path)
        #endif
    }

    /// The input from the start, first the kept head, then the rest.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InterchangeError) -> Int {
        guard buffer.count > 0 else { return 0 }
        let count: Int
        if replayed < head.count {
            count = min(buffer.count, head.count - replayed)
            head.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + replayed, byteCount: count) }
            replayed += count
        } else {
            do { count = try file.read(into: buffer) } catch { throw .unreadable(path: name, reason: error.reason) }
        }
        done += Int64(count)
        progress?(done, size)
        return count
    }

    /// A path the input can be opened at again from the start: the file itself, or for a pipe a
    /// private copy of what is left of it in the temporary folder. The copy's name is removed at
    /// once and it is reached through `/proc/self/fd`, so no interruption, crash or kill can
    /// leave it behind: the system frees it when the process ends.
    func reopenablePath() throws(InterchangeError) -> String {
        if let spool { return spool.path }
        if file.isRegularFile && path != "-" { return path }
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        // mkstemp fills in the six trailing X's.
        var template = Array("\(base)/healthlog-import-\(String(repeating: "X", count: 6))".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .unreadable(path: name, reason: Phrase("cannot copy it aside: {reason}", terms: ["reason": SystemMessage.phrase(errno)])) }
        fchmod(descriptor, 0o600)
        let named = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #if os(Linux)
            unlink(named)
            let copy = "/proc/self/fd/\(descriptor)"
        #else
            let copy = named
        #endif
        spool = (copy, descriptor)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total: Int64 = 0
        while true {
            let count: Int
            do { count = try chunk.withUnsafeMutableBytes { try read(into: $0) } } catch let error as InterchangeError {
                throw error
            } catch {
                throw .unreadable(path: name, reason: Phrase(verbatim: "\(error)"))
            }
            if count == 0 { break }
            total += Int64(count)
            guard total <= InputLimits.spoolBytes else {
                throw .malformed(path: name, reason: Phrase("it is larger than {InputLimits} GiB; save it to a file and import that", ["InputLimits": "\(InputLimits.spoolBytes >> 30)"]))
            }
            var written = 0
            while written < count {
                let result = chunk.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, count - written) }
                guard result > 0 || errno == EINTR else {
                    throw .unreadable(path: name, reason: Phrase("cannot copy it aside: {reason}", terms: ["reason": SystemMessage.phrase(errno)]))
                }
                if result > 0 { written += result }
            }
        }
        return copy
    }
}
