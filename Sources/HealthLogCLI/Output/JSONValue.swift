/// A JSON document with object keys kept in the order they were added, so the
/// printed schema reads in the order the README documents.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Compact when `indent` is nil, otherwise pretty-printed.
    func serialized(indent: String? = "  ") -> String {
        var output = ""
        write(into: &output, indent: indent, depth: 0)
        return output
    }

    private func write(into output: inout String, indent: String?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += JSONValue.format(value)
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
            if let indent { output += "\n" + String(repeating: indent, count: depth + 1) }
            writeItem(item, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: depth) }
        output += close
    }

    /// Shortest round-tripping form; whole numbers keep a `.0`-free integer look.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    private static func escape(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
