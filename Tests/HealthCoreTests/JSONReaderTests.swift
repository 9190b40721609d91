import HealthCore
import Testing

@Suite struct JSONReaderTests {
    private func value(_ text: String, limits: JSONLimits = JSONLimits()) throws -> JSONValue {
        let reader = JSONReader(bytes: Array(text.utf8), limits: limits)
        let value = try reader.readValue()
        #expect(try reader.atEnd())
        return value
    }

    @Test func readsEveryKindOfValueAndKeepsNumbersExact() throws {
        let document = try value(#" { "a": [1, -2.50, 3e2, true, false, null], "b": "x\"y\\z\/\n\t", "c": {} } "#)
        #expect(document["a"]?[0]?.int == 1)
        #expect(document["a"]?[1] == .number("-2.50"))
        #expect(document["a"]?[1]?.double == -2.5)
        #expect(document["a"]?[2]?.double == 300)
        #expect(document["a"]?[3]?.bool == true && document["a"]?[5]?.isNull == true)
        #expect(document["b"]?.string == "x\"y\\z/\n\t")
        #expect(document["c"]?.members?.isEmpty == true)
        #expect(document.members?.map(\.0) == ["a", "b", "c"])
    }

    @Test func unicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try value(#""\u7238\u7238 \ud83e\ude7a""#).string == "爸爸 🩺")
        #expect(throws: JSONSyntaxError.self) { try value(#""\ud83e""#) }
        #expect(throws: JSONSyntaxError.self) { try value(#""\x41""#) }
    }

    @Test func writingAndReadingAgainGivesTheSameValue() throws {
        let original = JSONValue.object([
            ("name", .string("爸爸 \"dad\"\n\u{1}")), ("values", .array([.int(120), .double(72.5), .null, .bool(false)])),
            ("nested", .object([("empty", .array([]))])),
        ])
        for indent in [nil, "  "] as [String?] {
            #expect(try value(original.serialized(indent: indent)) == original)
        }
    }

    @Test(arguments: [
        ("", "line 1: the document ends early: a value expected"), ("{", "line 1: the document ends early: a member name expected"),
        ("[1,]", "line 1: a JSON value expected, found ']'"), ("{\"a\" 1}", "line 1: ':' expected, found '1'"),
        ("01", "line 1: '01' is not a number"), ("tru", "line 1: 'true' is misspelt"), ("\"a\nb\"", "line 1: a control character inside a string (it must be escaped)"),
        ("{\n\n  \"a\": x}", "line 3: a JSON value expected, found 'x'"),
    ])
    func malformedInputNamesTheLine(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try value(text) }
        do { _ = try value(text) } catch { #expect("\(error)" == message) }
    }

    @Test func limitsAreCheckedAsTheBytesArrive() {
        let small = JSONLimits(stringBytes: 16, depth: 3, valueBytes: 64, numberLength: 8)
        let cases: [(String, String)] = [
            ("\"" + String(repeating: "a", count: 20) + "\"", "a string longer than 0 KiB"),
            ("[[[[1]]]]", "nesting deeper than 3 levels"),
            ("123456789", "a number longer than 8 characters"),
            ("[" + String(repeating: "1,", count: 40) + "1]", "one value is larger than 0 MiB"),
        ]
        for (text, message) in cases {
            do {
                _ = try value(text, limits: small)
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)".hasSuffix(message), "\(error)")
            }
        }
    }

    @Test func walksADocumentWithoutBuildingIt() throws {
        let reader = JSONReader(bytes: Array(#"{"skip": {"deep": [1, {"x": "y"}]}, "keep": [10, 20, 30], "also": "z"}"#.utf8))
        try reader.enterObject()
        var kept: [Int] = []
        var keys: [String] = []
        while let key = try reader.nextKey() {
            keys.append(key)
            if key == "keep" {
                try reader.enterArray()
                while try reader.nextElement() { kept.append(try reader.readValue().int!) }
            } else {
                try reader.skipValue()
            }
        }
        #expect(keys == ["skip", "keep", "also"] && kept == [10, 20, 30])
        #expect(try reader.atEnd())
    }

    @Test func aSequenceOfValuesReadsAsNDJSONAndTheLinesAreKnown() throws {
        let reader = JSONReader(bytes: Array("\u{FEFF}{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}\n".utf8))
        var values: [Int] = []
        var lines: [Int] = []
        while try !reader.atEnd() {
            lines.append(reader.line)
            values.append(try reader.readValue()["a"]!.int!)
        }
        #expect(values == [1, 2, 3] && lines == [1, 2, 4])
    }
}
