/// Bytes held in memory, handed out in pieces like a file's: the source a streaming reader
/// takes when its input is already in memory (a test, a template).
public func memoryFeed(_ bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer) -> Int {
    var remaining = bytes[...]
    return { target in
        let count = min(target.count, remaining.count)
        target.copyBytes(from: remaining.prefix(count))
        remaining = remaining.dropFirst(count)
        return count
    }
}
