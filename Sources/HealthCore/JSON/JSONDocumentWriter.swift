/// Writes a JSON object member by member into a ``ByteSink``, with arrays whose elements come
/// one at a time, in exactly the layout of ``JSONValue/serialized(indent:)`` with two-space
/// indents: a backup of any size is written in flat memory, and reads the same
/// as one built whole.
///
/// ```swift
/// var writer = JSONDocumentWriter(into: file)
/// writer.member("format", .string("healthlog-backup"))
/// writer.beginArray("readings")
/// for reading in readings { writer.element(json(reading)) }
/// writer.end()
/// ```
public struct JSONDocumentWriter {
    private let sink: any ByteSink
    private var membersWritten = 0
    /// The member's array being filled, if any.
    private var array: JSONArrayWriter?
    private var ended = false

    /// Starts the object (`{`).
    public init(into sink: any ByteSink) {
        self.sink = sink
        sink.write("{")
    }

    /// A member whose value is written whole.
    public mutating func member(_ key: String, _ value: JSONValue) {
        closeArrayIfOpen()
        startMember(key)
        sink.write(value.serialized(indent: JSONArrayWriter.indent, depth: 1))
    }

    /// A member whose value is an array, filled with ``element(_:)`` until the next member or ``end()``.
    public mutating func beginArray(_ key: String) {
        closeArrayIfOpen()
        startMember(key)
        array = JSONArrayWriter(into: sink, depth: 1)
    }

    /// The next element of the open array.
    public mutating func element(_ value: JSONValue) {
        precondition(array != nil, "element(_:) needs beginArray(_:) first")
        array?.element(value)
    }

    /// Closes the open array, if any, and the object (`}`).
    public mutating func end() {
        guard !ended else { return }
        closeArrayIfOpen()
        sink.write(membersWritten == 0 ? "}" : "\n}")
        ended = true
    }

    private mutating func startMember(_ key: String) {
        sink.write(membersWritten == 0 ? "\n" : ",\n")
        sink.write(JSONArrayWriter.indent)
        sink.write(JSONValue.string(key).serialized(indent: nil))
        sink.write(": ")
        membersWritten += 1
    }

    private mutating func closeArrayIfOpen() {
        array?.end()
        array = nil
    }
}

/// Bytes collected in memory: a ``ByteSink`` for documents that are small, or for tests.
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }
}
