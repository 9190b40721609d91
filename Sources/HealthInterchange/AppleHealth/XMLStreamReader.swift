import CLibXML2
import HealthCore

/// A forward-only XML reader over a ``ByteSource`` (libxml2's `xmlTextReader`). It owns the
/// reader and frees it in `deinit`. Only the current node is held, so memory stays flat for
/// files of any size; network access and entity substitution are off.
final class XMLStreamReader {
    /// The kinds of node the importer cares about.
    enum NodeKind {
        case elementStart, elementEnd, other
    }

    private let reader: xmlTextReaderPtr
    private let box: SourceBox
    private let path: String

    /// Holds the source and the first error for the C callbacks.
    private final class SourceBox {
        let source: any ByteSource
        var readError: InterchangeError?
        /// The first error libxml2 reported: its line and its own words.
        var parseError: (line: Int32, message: String)?
        init(source: any ByteSource) { self.source = source }
    }

    init(source: any ByteSource, path: String) throws(InterchangeError) {
        self.path = path
        box = SourceBox(source: source)
        let context = Unmanaged.passUnretained(box).toOpaque()
        let read: xmlInputReadCallback = { context, buffer, length in
            let box = Unmanaged<SourceBox>.fromOpaque(context!).takeUnretainedValue()
            do {
                return Int32(try box.source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
            } catch let error as InterchangeError {
                box.readError = error
                return -1
            } catch {
                return -1
            }
        }
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue
                | XML_PARSE_BIG_LINES.rawValue)
        guard let reader = xmlReaderForIO(read, nil, context, path, nil, options) else {
            throw .malformed(path: path, reason: Phrase("libxml2 could not start reading"))
        }
        self.reader = reader
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let box = Unmanaged<SourceBox>.fromOpaque(context).takeUnretainedValue()
            if box.parseError == nil {
                let message = error.pointee.message.map { String(cString: $0) } ?? "invalid XML"
                let oneLine = message.split(whereSeparator: \.isNewline).map { String(String($0).trimmingWhitespace()) }.filter { !$0.isEmpty }
                box.parseError = (error.pointee.line, oneLine.joined(separator: " "))
            }
        }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, context)
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// Moves to the next node; false at the end. A broken or hostile file is an error.
    func next() throws(InterchangeError) -> Bool {
        let status = xmlTextReaderRead(reader)
        if let error = box.readError { throw error }
        if status < 0 || box.parseError != nil {
            guard let error = box.parseError else { throw .malformed(path: path, reason: Phrase("the XML is not well-formed (truncated?)")) }
            // libxml2's words say what it met, not what happened to the file: say that first, keep them after.
            throw .malformed(
                path: path,
                reason: Phrase("line {line}: the XML file is cut short or malformed ({detail})", ["line": String(error.line), "detail": error.message]))
        }
        return status == 1
    }

    /// Reads whatever is left of the source after the document's end: a zip entry's CRC-32 is
    /// checked only once all of it is read, and its readings count only then.
    func readToEnd() throws(InterchangeError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 14, alignment: 1)
        defer { chunk.deallocate() }
        while try box.source.read(into: chunk) > 0 {}
    }

    var kind: NodeKind {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue): .elementStart
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): .elementEnd
        default: .other
        }
    }

    /// True for an element written as `<Record … />`, which has no end node.
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

    var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// True for text, CDATA or whitespace a document keeps (`xml:space="preserve"`).
    var isText: Bool {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue): true
        default: false
        }
    }

    /// The text of a text node; "" for other nodes.
    var value: String {
        xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    }

    var name: String {
        xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
    }

    /// The attribute's value; read in place (no copy to free) and the reader moved back to the element.
    func attribute(_ name: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }

    /// The line of the current node, for messages: the node's own, not where the parser has
    /// read ahead to.
    var line: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
        return Int(xmlGetLineNo(node))
    }
}
