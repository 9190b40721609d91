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

    /// The most a file read whole may hold: string tables, templates and the like are a
    /// few hundred KiB.
    public static let standardLimit = 16 << 20

    /// The bytes of the regular file at `path`, at most `limit` of them: a device, a pipe or a
    /// larger file is refused (see ``InputFile/init(regularFileAt:)``).
    public static func read(_ path: String, limit: Int = standardLimit) throws(ReadError) -> [UInt8] {
        let file = try InputFile(regularFileAt: path)
        guard file.size <= Int64(limit) else {
            throw ReadError(path: path, reason: Phrase("it is larger than {n} MiB", ["n": "\(limit >> 20)"]), isMissing: false)
        }
        // What fstat says, and one byte more to see a file that grew meanwhile.
        let bytes = try file.read(Int(file.size) + 1)
        guard bytes.count <= limit else {
            throw ReadError(path: path, reason: Phrase("it is larger than {n} MiB", ["n": "\(limit >> 20)"]), isMissing: false)
        }
        return bytes
    }

    private static func failure(_ path: String) -> ReadError {
        ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: errno == ENOENT)
    }
}
