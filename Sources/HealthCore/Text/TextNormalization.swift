/// Small text rules every layer shares, so each exists once.
extension String {
    /// The string without leading and trailing white space.
    public func trimmingWhitespace() -> Substring {
        // Most cells have none: check the ends' bytes before walking grapheme clusters.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self[...]
        }
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}

extension StringProtocol {
    /// The text with A–Z lowercased, and no copy when there is nothing to change (the usual
    /// case for ids written by HealthLog itself).
    public func asciiLowercased() -> String {
        let hasUppercase =
            utf8.withContiguousStorageIfAvailable { $0.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }
            ?? utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        guard hasUppercase else { return String(self) }
        return String(decoding: utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
