import Foundation
@testable import HealthCore
import Testing

/// The Templates folder's JSON compiled into the program: the same bytes as the folder, read
/// when no folder is installed, and read after every installed one.
@Suite struct EmbeddedTemplatesTests {
    /// Every JSON file of Templates (the page's files are HealthWeb's) is compiled in as it is.
    @Test func everyTemplatesFileIsCompiledInAsItIs() throws {
        let root = URL(fileURLWithPath: templatesPath)
        var names: [String] = []
        let walker = try #require(FileManager.default.enumerator(atPath: templatesPath))
        while let name = walker.nextObject() as? String {
            if name.hasSuffix(".json"), !name.hasPrefix("web/") { names.append(name) }
        }
        #expect(names.sorted() == EmbeddedTemplates.files.keys.sorted())
        for name in names {
            let bytes = try Data(contentsOf: root.appendingPathComponent(name))
            #expect(Array(EmbeddedTemplates.files[name]!.utf8) == Array(bytes), "\(name) compiled in differs from Templates/\(name)")
        }
    }

    /// No JSON file of Templates names a key twice in one object: a reader keeps one of the two
    /// silently (a warning's wording lost "fainting" so, while fainting still gave the warning).
    @Test func noTemplatesFileNamesAKeyTwice() throws {
        let walker = try #require(FileManager.default.enumerator(atPath: templatesPath))
        var checked = 0
        while let name = walker.nextObject() as? String {
            guard name.hasSuffix(".json") else { continue }
            let text = try String(contentsOfFile: templatesPath + "/" + name, encoding: .utf8)
            #expect(Self.keysNamedTwice(in: text).isEmpty, "Templates/\(name) names \(Self.keysNamedTwice(in: text)) twice")
            checked += 1
        }
        #expect(checked > 10)
        #expect(Self.keysNamedTwice(in: #"{"a": 1, "b": {"a": 2}, "c": [{"d": 1}, {"d": 2}], "e": "x", "e": "y"}"#) == ["e"])
    }

    /// The keys an object of `text` (JSON) names twice, scanning strings, objects and arrays.
    static func keysNamedTwice(in text: String) -> [String] {
        var stack: [(isObject: Bool, keys: Set<String>)] = []
        var twice: [String] = []
        var characters = Array(text.unicodeScalars)[...]
        var expectingKey = false
        while let character = characters.popFirst() {
            switch character {
            case "{": stack.append((true, [])); expectingKey = true
            case "[": stack.append((false, [])); expectingKey = false
            case "}", "]": stack.removeLast(); expectingKey = false
            case ",": expectingKey = stack.last?.isObject == true
            case "\"":
                var string = ""
                while let next = characters.popFirst(), next != "\"" {
                    if next == "\\", let escaped = characters.popFirst() { string.unicodeScalars.append(escaped) } else { string.unicodeScalars.append(next) }
                }
                if expectingKey, !stack.isEmpty {
                    if stack[stack.count - 1].keys.contains(string) { twice.append(string) }
                    stack[stack.count - 1].keys.insert(string)
                    expectingKey = false
                }
            default: break
            }
        }
        return twice
    }

    /// With no folder anywhere, the built-in copy is found; it loads both languages' tables,
    /// and an installed folder comes before it.
    @Test func theBuiltInCopyServesWhenNoFolderIsInstalled() throws {
        let empty = TemporaryDirectory()
        let environment = ["HOME": empty.path, "XDG_DATA_HOME": empty.path]
        let folder = try TemplatesFolder.locate(environment: environment)
        // A checkout's build finds the repository's folder above it; the built-in copy is last.
        #expect(TemplatesFolder.all(environment: environment).last?.isBuiltIn == true)
        #expect(TemplatesFolder.builtIn.has("clinic.json") && !TemplatesFolder.builtIn.has("nosuch.json"))
        let english = try StringTable.load(.english, from: .builtIn)
        let chinese = try StringTable.load(.chinese, from: .builtIn)
        #expect(english.has("cli.sync.status.retired") && chinese.has("cli.sync.status.retired"))
        #expect(chinese.say(Phrase("it does not exist")) != "it does not exist")
        #expect(try StringTable.load(.chinese, from: folder).text("cli.sync.status.retired") == chinese.text("cli.sync.status.retired"))
        #expect(TemplatesFolder.builtIn.names(in: "strings", endingIn: ".json") == ["en.json", "zh-Hans.json"])
        #expect(TemplatesFolder.all(environment: ["HEALTHLOG_TEMPLATES": templatesPath]).first?.directory == templatesPath)
        // A missing built-in file is named like a missing installed one.
        #expect(throws: TemplateError.self) { try TemplatesFolder.document(at: "\(TemplatesFolder.builtInDirectory)/nosuch.json") }
    }
}
