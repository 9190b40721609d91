/// A JSON value, as HealthLog reads and writes every JSON document: backups, FHIR, `--format
/// json` output, templates and strings. Object members keep their order, so what is printed
/// reads in the order the README documents, and numbers keep the exact text they were written in.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written, e.g. `135`, `72.5`, `1e-3`: exact, and converted on request.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized(indent: nil) == rhs.serialized(indent: nil) }

    // MARK: - Building

    /// A whole number.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number in its shortest round-tripping form; a whole number prints without `.0`, and a
    /// value that is not finite (JSON has none) prints as `null`.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number("\(value)")
    }

    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    public static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    public static func optional(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

    // MARK: - Reading

    /// The member `key` of an object (the first, if the object repeats it), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The element at `index` of an array, or nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as a Double, or nil for anything else.
    public var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The number when it is written as a whole number that fits an Int (`72`, not `72.0`).
    public var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var members: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var isNull: Bool {
        // A pattern, not ==: equality compares serialized text, which for an object is the whole object.
        if case .null = self { return true }
        return false
    }

    // MARK: - Writing

    /// Compact when `indent` is nil, otherwise pretty-printed.
    public func serialized(indent: String? = "  ") -> String {
        serialized(indent: indent, depth: 0)
    }

    /// Pretty-printed as a value nested `depth` levels deep (its closing bracket indented so).
    public func serialized(indent: String?, depth: Int) -> String {
        var output = ""
        write(into: &output, indent: indent, depth: depth)
        return output
    }

    /// The document as UTF-8 bytes.
    public func bytes(indent: String? = "  ") -> [UInt8] { Array(serialized(indent: indent).utf8) }

    private func write(into output: inout String, indent: String?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let value): JSONValue.escape(value, into: &output)
        case .array(let items):
            writeContainer(items, open: "[", close: "]", into: &output, indent: indent, depth: depth) { item, output in
                item.write(into: &output, indent: indent, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", into: &output, indent: indent, depth: depth) { member, output in
                JSONValue.escape(member.0, into: &output)
                output += indent == nil ? ":" : ": "
                member.1.write(into: &output, indent: indent, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, into output: inout String, indent: String?, depth: Int,
        _ writeItem: (Item, inout String) -> Void
    ) {
        output += open
        guard !items.isEmpty else {
            output += close
            return
        }
        for (index, item) in items.enumerated() {
            if index > 0 { output += "," }
            if let indent { JSONValue.newLine(indent, depth + 1, into: &output) }
            writeItem(item, &output)
        }
        if let indent { JSONValue.newLine(indent, depth, into: &output) }
        output += close
    }

    /// A line break and `depth` indents, appended in place (a FHIR Bundle writes millions).
    private static func newLine(_ indent: String, _ depth: Int, into output: inout String) {
        output += "\n"
        for _ in 0..<depth { output += indent }
    }

    /// Appends `text` as a JSON string (quoted, escaped as ``serialized(indent:)`` escapes it) to
    /// `bytes`: for documents written as bytes, not built as values (a FHIR Bundle's Observations).
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the inside of `text` as a JSON string, escaped but without its quotes: the end of
    /// a string whose start is constant (`"urn:uuid:` and an id).
    public static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { utf8 in
            guard utf8.allSatisfy(isPlain) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        guard !copied else { return }
        var output = ""
        escape(text, into: &output)
        bytes.append(contentsOf: output.utf8.dropFirst().dropLast())
    }

    /// A byte copied into a JSON string as it is: printable ASCII but the quote and the backslash.
    private static func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C }

    private static func escape(_ text: String, into output: inout String) {
        output += "\""
        // Most strings (ids, codes, times) are ASCII with nothing to escape: copied whole.
        if text.utf8.allSatisfy(isPlain) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // Controls, and the characters that reorder or break what a terminal shows (C1,
            // bidirectional embeddings, overrides and isolates, line separators), as escapes:
            // valid JSON that reads back the same, and never acts on a terminal it is printed to.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
