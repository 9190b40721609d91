#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A list of words looked for in notes (`forgot`, `忘记吃药`, `dizz`), in any case: the one
/// search behind the notes of a forgotten dose and of a symptom.
///
/// The words are lower-case; a note's ASCII letters are lowered byte by byte and the words
/// found with `memchr` and `memcmp`, so `stats` over 100,000 readings looks through every note
/// in milliseconds rather than the tenths of a second generic string searching took.
public struct NoteWords: Sendable {
    private let words: [[UInt8]]

    /// `words`, written in lower case.
    public init(_ words: [String]) {
        self.words = words.map { Array($0.utf8) }
    }

    /// True when `note` holds one of the words, in any case of its ASCII letters.
    public func match(_ note: String) -> Bool {
        guard !note.isEmpty else { return false }
        var bytes = Array(note.utf8)
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") {
            bytes[index] += 32
        }
        return bytes.withUnsafeBytes { haystack in
            words.contains { word in
                word.withUnsafeBytes { needle in NoteWords.find(needle, in: haystack) }
            }
        }
    }

    /// True when `needle` occurs in `haystack`.
    private static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Bool {
        guard let first = needle.first, let start = haystack.baseAddress else { return needle.isEmpty }
        guard needle.count <= haystack.count else { return false }
        var offset = 0
        let last = haystack.count - needle.count
        while offset <= last {
            // The next place the word's first byte occurs, then the rest compared at once.
            guard let found = memchr(start + offset, Int32(first), last - offset + 1) else { return false }
            offset = start.distance(to: UnsafeRawPointer(found))
            if memcmp(start + offset, needle.baseAddress!, needle.count) == 0 { return true }
            offset += 1
        }
        return false
    }
}
