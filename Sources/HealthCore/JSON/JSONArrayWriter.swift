/// A JSON array written into a sink element by element, exactly as
/// `JSONValue.array(elements).serialized()` writes it whole: a list of any length in flat memory.
///
/// ```swift
/// var array = JSONArrayWriter(into: sink)
/// for reading in readings { array.element(object(reading)) }
/// array.end()
/// ```
public struct JSONArrayWriter {
    private let sink: any ByteSink
    static let indent = "  "
    /// How deep the array sits in its document: 0 for a document that is the array.
    private let depth: Int
    private var written = 0

    /// Starts the array (`[`).
    public init(into sink: any ByteSink) {
        self.init(into: sink, depth: 0)
    }

    /// Starts an array that is the value of a member `depth` levels down (``JSONDocumentWriter``).
    init(into sink: any ByteSink, depth: Int) {
        self.sink = sink
        self.depth = depth
        sink.write("[")
    }

    /// The next element.
    public mutating func element(_ value: JSONValue) {
        sink.write(written == 0 ? "\n" : ",\n")
        sink.write(String(repeating: Self.indent, count: depth + 1))
        sink.write(value.serialized(indent: Self.indent, depth: depth + 1))
        written += 1
    }

    /// Closes the array (`]`).
    public func end() {
        sink.write(written == 0 ? "]" : "\n\(String(repeating: Self.indent, count: depth))]")
    }
}
