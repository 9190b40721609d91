import Foundation
import Testing

/// The libraries' sentences (`Phrase("…")` in the sources) are translated in
/// `Templates/strings/phrases/zh-Hans/<Module>.json`, one file per module, read as `xgettext`
/// reads sources: a pattern with no translation, one whose translation drops or adds a
/// placeholder, or a translation no source still says fails here; none is shown in English.
@Suite struct PhraseCatalogueTests {
    static let sources = TerminalWordsTests.folder.appendingPathComponent("Sources")
    static let catalogues = TerminalWordsTests.folder.appendingPathComponent("Templates/strings/phrases/zh-Hans")

    /// Every `Phrase("…")` pattern in `module`'s sources, and where it is written. Comment
    /// lines are skipped; a pattern is one string literal, unescaped as Swift reads it.
    static func patterns(in module: String) throws -> [String: String] {
        let folder = sources.appendingPathComponent(module)
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let literal = try Regex(#"Phrase\(\s*"((?:[^"\\\n]|\\.)*)""#)
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop { $0 == " " }.hasPrefix("//") ? "" : String($0) }.joined(separator: "\n")
            for match in code.matches(of: literal) {
                let written = String(match.output[1].substring ?? "")
                let pattern = unescaped(written)
                if found[pattern] == nil { found[pattern] = "\(module)/\(file)" }
            }
        }
        return found
    }

    /// A Swift string literal's text as the program sees it.
    static func unescaped(_ literal: String) -> String {
        var result = ""
        var escaping = false
        for character in literal {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The translations of `module`, by English pattern.
    static func translations(of module: String) throws -> [String: String] {
        let url = catalogues.appendingPathComponent("\(module).json")
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(document["phrases"] as? [String: String], "\(module).json has no 'phrases' object of strings")
    }

    /// The `{name}` placeholders of a pattern.
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{(\w+)\}/).map { String($0.output.1) })
    }

    static var modules: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).filter { !$0.hasPrefix("C") && !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyModuleIsRead() {
        #expect(Self.modules.contains("HealthCore") && Self.modules.contains("HealthLogCLI") && Self.modules.contains("HealthInterchange"))
    }

    @Test(arguments: modules)
    func everyPatternIsTranslated(module: String) throws {
        let patterns = try Self.patterns(in: module)
        let translations = try Self.translations(of: module)
        for (pattern, file) in patterns.sorted(by: { $0.key < $1.key }) {
            #expect(!pattern.contains("\\("), "\(file): a Phrase pattern is interpolated: \(pattern)")
            guard let translation = translations[pattern], !translation.isEmpty else {
                Issue.record("\(file): no Chinese for \"\(pattern)\" in Templates/strings/phrases/zh-Hans/\(module).json")
                continue
            }
            #expect(Self.placeholders(translation) == Self.placeholders(pattern), "\(module): \"\(pattern)\" → \"\(translation)\" changes the placeholders")
        }
        for pattern in translations.keys.sorted() where patterns[pattern] == nil {
            Issue.record("\(module).json translates \"\(pattern)\", which no source in Sources/\(module) says")
        }
    }

    /// A sentence made of words, translated letter for letter, was not translated.
    @Test(arguments: modules)
    func noTranslationIsTheEnglish(module: String) throws {
        for (pattern, translation) in try Self.translations(of: module) where translation == pattern {
            let words = pattern.replacing(/\{\w+\}/, with: "").split { !$0.isLetter }.filter { $0.count > 2 && $0.allSatisfy(\.isLowercase) }
            #expect(words.isEmpty, "\(module): \"\(pattern)\" is English in the Chinese catalogue")
        }
    }
}
