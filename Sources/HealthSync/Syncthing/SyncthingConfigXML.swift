/// The `<gui>` element of a Syncthing `config.xml`: its attributes and its children's text.
///
/// Syncthing writes the file itself, element per line; only this one element is read, by a
/// small scanner that knows tags, attributes, comments, processing instructions, CDATA and the
/// XML entities, so the GUI's address and API key are read without loading an XML library
/// for every command that asks Syncthing to rescan.
struct SyncthingGUIElement: Equatable {
    var attributes: [String: String] = [:]
    /// The text of each child element, by name (the first of a name).
    var children: [String: String] = [:]

    /// The `<gui>` element under the document's root, or nil when there is none.
    static func find(in bytes: [UInt8]) -> SyncthingGUIElement? {
        var scanner = XMLScanner(bytes)
        var depth = 0
        var found: SyncthingGUIElement?
        var inGUI = false
        var child: (name: String, text: String)?
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let empty):
                if depth == 1, name == "gui", found == nil {
                    found = SyncthingGUIElement(attributes: attributes)
                    inGUI = !empty
                } else if inGUI, depth == 2 {
                    child = (name, "")
                    if empty, found?.children[name] == nil { found?.children[name] = "" }
                }
                if !empty { depth += 1 }
            case .end:
                depth -= 1
                if inGUI, depth == 2, let finished = child {
                    if found?.children[finished.name] == nil { found?.children[finished.name] = finished.text }
                    child = nil
                } else if inGUI, depth == 1 {
                    inGUI = false
                }
            case .text(let text):
                if child != nil, depth == 3 { child!.text += text }
            }
        }
        return found
    }
}

/// The tags and text of an XML document, in order; a broken document just ends early.
struct XMLScanner {
    enum Token: Equatable {
        case start(name: String, attributes: [String: String], empty: Bool)
        case end(name: String)
        case text(String)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                return .text(XMLScanner.decoded(bytes[start..<index]))
            }
            if starts(with: "<!--") {
                guard skip(past: "-->") else { return nil }
                continue
            }
            if starts(with: "<![CDATA[") {
                let start = index + 9
                guard let end = find("]]>", from: start) else { return nil }
                index = end + 3
                return .text(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            if starts(with: "<?") || starts(with: "<!") {
                guard skip(past: starts(with: "<?") ? "?>" : ">") else { return nil }
                continue
            }
            return tag()
        }
        return nil
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard pattern.count <= bytes.count else { return nil }
        var position = start
        while position + pattern.count <= bytes.count {
            if Array(bytes[position..<position + pattern.count]) == pattern { return position }
            position += 1
        }
        return nil
    }

    private mutating func skip(past text: String) -> Bool {
        guard let end = find(text, from: index) else { return false }
        index = end + text.utf8.count
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private mutating func name() -> String {
        let start = index
        while index < bytes.count, !XMLScanner.isSpace(bytes[index]), ![UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(bytes[index]) {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count, XMLScanner.isSpace(bytes[index]) { index += 1 }
    }

    private mutating func tag() -> Token? {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            index += 1
            let ended = name()
            guard skip(past: ">") else { return nil }
            return .end(name: ended)
        }
        let element = name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return .start(name: element, attributes: attributes, empty: false)
            }
            if starts(with: "/>") {
                index += 2
                return .start(name: element, attributes: attributes, empty: true)
            }
            let attribute = name()
            guard !attribute.isEmpty else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { return nil }
            attributes[attribute] = XMLScanner.decoded(bytes[start..<index])
            index += 1
        }
    }

    /// Text with its entities (`&amp;`, `&#38;`, `&#x26;` …) replaced by what they stand for.
    static func decoded(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else {
                rest = rest[ampersand...]
                break
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += rest[ampersand...semicolon] }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
