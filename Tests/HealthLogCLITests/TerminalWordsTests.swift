import Foundation
import Testing

/// The command line's words are data, in `Templates/strings`: every string English has, Chinese
/// has too, and every key the code names exists. A missing string fails here; it is never shown
/// in English instead.
@Suite struct TerminalWordsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `strings` object of `Templates/strings/<code>.json`.
    static func strings(_ code: String) throws -> [String: String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("Templates/strings/\(code).json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(document["strings"] as? [String: String])
    }

    @Test func everyEnglishStringHasAChineseOne() throws {
        let english = try Self.strings("en")
        let chinese = try Self.strings("zh-Hans")
        #expect(english.keys.contains { $0.hasPrefix("cli.") }, "the command line's strings are in the tables")
        for key in english.keys.sorted() {
            let translation = chinese[key] ?? ""
            // A separator that is a space in English may be nothing in Chinese, which runs its sentences on.
            let spaceOnly = english[key]!.allSatisfy(\.isWhitespace) && chinese[key] != nil
            #expect(!translation.isEmpty || spaceOnly, "zh-Hans.json has no '\(key)' (English: '\(english[key]!)')")
        }
    }

    /// A Chinese string that is the English one, letter for letter, was not translated.
    @Test func noCommandLineStringIsLeftInEnglish() throws {
        let english = try Self.strings("en")
        let chinese = try Self.strings("zh-Hans")
        for (key, text) in english where key.hasPrefix("cli.") || key.hasPrefix("attention.") {
            let words = Self.englishWords(in: text)
            guard !words.isEmpty, let translation = chinese[key] else { continue }
            #expect(translation != text, "'\(key)' is English in zh-Hans.json: \(text)")
        }
    }

    /// Every `cli("…")` key written out in the command line's sources is in the English table,
    /// or for help (English in the specs) in the Chinese one (keys made from a value, such as a
    /// column's, are checked by running the program).
    @Test func everyKeyTheCodeNamesExists() throws {
        let english = try Self.strings("en")
        let chinese = try Self.strings("zh-Hans")
        let sources = Self.folder.appendingPathComponent("Sources/HealthLogCLI")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let pattern = try NSRegularExpression(pattern: #"cli\("([A-Za-z.]+)""#)
        var named = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = "cli." + (text as NSString).substring(with: match.range(at: 1))
                named += 1
                let table = key.hasPrefix("cli.help.") ? chinese : english
                #expect(table[key] != nil, "\(file) names '\(key)', which \(key.hasPrefix("cli.help.") ? "zh-Hans" : "en").json lacks")
            }
        }
        #expect(named > 50)
    }

    /// The help is English in the specs; in Chinese every command's abstract is translated.
    @Test func everyCommandHasAChineseAbstract() throws {
        let chinese = try Self.strings("zh-Hans")
        let help = CLIHarness().run("--help").stdout
        let section = help.components(separatedBy: "\nCOMMANDS:\n")[1].components(separatedBy: "\nEXAMPLES:")[0]
        let commands = section.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("See ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(commands.count > 20)
        for command in commands {
            #expect(chinese["cli.help.abstract.healthlog \(command)"] != nil, "no Chinese abstract for \(command)")
        }
    }

    /// Words of two or more ASCII letters outside `{placeholders}`; a run with digits in it (an
    /// id such as `d857e3be`, a time) is no word.
    static func englishWords(in text: String) -> Set<String> {
        let bare = text.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: " ", options: .regularExpression)
        var words: Set<String> = []
        var run = ""
        for character in bare + " " {
            if character.isASCII, character.isLetter || character.isNumber {
                run.append(character)
            } else {
                if run.count >= 2, run.allSatisfy(\.isLetter) { words.insert(run) }
                run = ""
            }
        }
        return words
    }
}
