/// Writes a JSON object member by member into a ``ByteSink``, with arrays whose elements come
/// one at a time, in exactly the layout of ``JSONValue/serialized(indent:)`` with two-space
/// indents: a backup or a FHIR Bundle of any size is written in flat memory, and reads the same
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
    private static let indent = "  "
    private var membersWritten = 0
    private var elementsWritten = 0
    private var inArray = false
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
        sink.write(value.serialized(indent: JSONDocumentWriter.indent, depth: 1))
    }

    /// A member whose value is an array, filled with ``element(_:)`` until the next member or ``end()``.
    public mutating func beginArray(_ key: String) {
        closeArrayIfOpen()
        startMember(key)
        sink.write("[")
        inArray = true
        elementsWritten = 0
    }

    /// The next element of the open array.
    public mutating func element(_ value: JSONValue) {
        precondition(inArray, "element(_:) needs beginArray(_:) first")
        sink.write(elementsWritten == 0 ? "\n" : ",\n")
        sink.write(String(repeating: JSONDocumentWriter.indent, count: 2))
        sink.write(value.serialized(indent: JSONDocumentWriter.indent, depth: 2))
        elementsWritten += 1
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
        sink.write(JSONDocumentWriter.indent)
        sink.write(JSONValue.string(key).serialized(indent: nil))
        sink.write(": ")
        membersWritten += 1
    }

    private mutating func closeArrayIfOpen() {
        guard inArray else { return }
        sink.write(elementsWritten == 0 ? "]" : "\n\(JSONDocumentWriter.indent)]")
        inArray = false
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
