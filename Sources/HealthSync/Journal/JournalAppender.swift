#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// One segment of this device's journal, open for appending. It owns the descriptor.
///
/// Only this device writes the file, and only while holding its folder's lock (see
/// ``JournalPublisher``), so opening it may cut what a crash left unfinished at its end
/// without racing another writer.
final class JournalAppender {
    let path: String
    let name: String
    private let descriptor: Int32

    /// Opens `name` in the device's folder, creating it (exclusively, 0600) when missing.
    init(in directory: OwnedDirectory, name: String) throws(SyncError) {
        self.name = name
        path = directory.path + "/" + name
        do {
            descriptor = try directory.openForAppending(name, creating: true)
        } catch {
            throw .journal(Phrase("cannot open the sync journal {path}: {reason}", ["path": error.path], terms: ["reason": error.reason]))
        }
    }

    deinit {
        close(descriptor)
    }

    /// The file's size in bytes.
    var size: Int64 {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// Modification time, nanoseconds since 1970.
    var modified: Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return 0 }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Appends `bytes` whole.
    func append(_ bytes: UnsafeRawBufferPointer) throws(SyncError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .journal(Phrase("cannot write the sync journal {path}: {reason}", ["path": "\(path)"], terms: ["reason": SystemMessage.phrase(errno)]))
            }
            offset += written
        }
    }

    func append(_ bytes: [UInt8]) throws(SyncError) {
        let result: Result<Void, SyncError> = bytes.withUnsafeBytes { raw in Result { () throws(SyncError) in try append(raw) } }
        try result.get()
    }

    /// Makes what was appended durable.
    func flush() throws(SyncError) {
        guard fsync(descriptor) == 0 else {
            throw .journal(Phrase("cannot write the sync journal {path}: {reason}", ["path": "\(path)"], terms: ["reason": SystemMessage.phrase(errno)]))
        }
    }

    /// Cuts the file back to `size` bytes.
    func truncate(to size: Int64) {
        _ = ftruncate(descriptor, off_t(size))
        _ = fsync(descriptor)
    }

    /// The last `count` bytes of the file (fewer when it is shorter), and where they start.
    func tail(_ count: Int64) -> (bytes: [UInt8], start: Int64) {
        let end = size
        let start = max(0, end - count)
        var bytes = [UInt8](repeating: 0, count: Int(end - start))
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        return (got == bytes.count ? bytes : [], start)
    }
}
