// import-layering-check: refuses an `import` of one of the package's modules that the target
// does not depend on. Run by the ImportLayering build plugin for every target.
//
//   import-layering-check --target NAME --output STAMP [--local M]... [--allowed M]... -- FILE...
//
// Exits 1, naming each file, line and module, when a file imports a module of the package
// (--local) that the target may not (not --allowed, not itself); else writes STAMP and exits 0.

import BuildToolFiles

#if canImport(Glibc)
    import Glibc
#endif

struct Arguments {
    var target = ""
    var output = ""
    var local = Set<String>()
    var allowed = Set<String>()
    var files: [String] = []

    init(_ words: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                files = Array(words[index...])
                return
            }
            guard index < words.count else { break }
            let value = words[index]
            index += 1
            switch word {
            case "--target": target = value
            case "--output": output = value
            case "--local": local.insert(value)
            case "--allowed": allowed.insert(value)
            default: break
            }
        }
    }
}

/// The module an `import` line names, or nil: `import X`, `public import X`, `@testable import
/// X`, `@_exported import X`, `import struct X.Y`.
func importedModule(_ line: Substring) -> String? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first) {
        words = words.dropFirst()
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    words = words.dropFirst()
    if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words.first!), words.count >= 2 {
        words = words.dropFirst()
    }
    return words.first.map { String($0.split(separator: ".")[0]) }
}

/// Writes `text` and a line break to standard error.
func complain(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
var refusals: [String] = []
for path in arguments.files {
    guard let text = fileBytes(path).map({ String(decoding: $0, as: UTF8.self) }) else {
        refusals.append("\(path): error: cannot read the file to check its imports")
        continue
    }
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let module = importedModule(trimmed) else { continue }
        if arguments.local.contains(module), module != arguments.target, !arguments.allowed.contains(module) {
            refusals.append(
                "\(path):\(number + 1): error: \(arguments.target) imports \(module), which Package.swift does not let it depend on")
        }
    }
}
if !refusals.isEmpty {
    for refusal in refusals { complain(refusal) }
    exit(1)
}
guard let stamp = fopen(arguments.output, "w") else {
    complain("error: cannot write \(arguments.output)")
    exit(1)
}
fputs("// The imports of \(arguments.target) were checked against Package.swift.\n", stamp)
fclose(stamp)
