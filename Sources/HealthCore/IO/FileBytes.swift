#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a whole file into memory.
public enum FileBytes {
    /// Why a file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public let path: String
        public let reason: Phrase
        /// True when the file does not exist.
        public let isMissing: Bool
        public var description: String { phrase.english }
        /// `cannot read PATH: REASON`, in the reader's language.
        public var phrase: Phrase { Phrase("cannot read {path}: {reason}", ["path": path], terms: ["reason": reason]) }

        public init(path: String, reason: Phrase, isMissing: Bool) {
            self.path = path
            self.reason = reason
            self.isMissing = isMissing
        }
    }

    /// The file's bytes.
    public static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw ReadError(path: path, reason: Phrase("it is a directory"), isMissing: false)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    private static func failure(_ path: String) -> ReadError {
        ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: errno == ENOENT)
    }
}
