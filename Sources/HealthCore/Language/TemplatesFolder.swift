#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a template or strings file could not be used.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The Templates folder could not be found.
    case folderMissing(searched: [String])
    /// A file is missing, unreadable or malformed; names the file and the key
    /// (``wholeFile`` when it is the file itself).
    case file(path: String, key: String, reason: Phrase)

    /// The key of a failure of the whole file: missing, unreadable, not JSON.
    public static let wholeFile = "(file)"

    public var description: String { phrase.english }

    /// What went wrong, in the reader's language (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .folderMissing(let searched):
            Phrase("cannot find the Templates folder (looked in {searched}); set HEALTHLOG_TEMPLATES", ["searched": searched.joined(separator: ", ")])
        case .file(let path, let key, let reason):
            // A reason that names its key itself ('page.width' must be a number) is said as it is.
            key == TemplateError.wholeFile || reason.values["key"] == key
                ? reason.prefixed("\(path): ") : Phrase("{path}: '{key}' {reason}", ["path": path, "key": key], terms: ["reason": reason])
        }
    }
}

/// The folder of report templates and strings that ships with HealthLog.
public struct TemplatesFolder: Sendable {
    /// The folder holding `clinic.json`, `summary.json` and `strings/`.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The copy compiled into the program (its strings, templates and medicines): what a lone
    /// program reads when no folder is installed, and where words missing from an older folder
    /// of one's own are found.
    public static let builtIn = TemplatesFolder(directory: builtInDirectory)

    /// The built-in copy's name, as a path of its files starts in a message.
    public static let builtInDirectory = "(built in)"

    /// True for the copy compiled into the program.
    public var isBuiltIn: Bool { directory == TemplatesFolder.builtInDirectory }

    /// The names of the files in `subfolder` (`strings/phrases/zh-Hans`; `""` for the folder
    /// itself) whose names end in `suffix`, sorted.
    public func names(in subfolder: String, endingIn suffix: String) -> [String] {
        guard isBuiltIn else { return FileSystem.names(in: subfolder.isEmpty ? directory : "\(directory)/\(subfolder)", endingIn: suffix) }
        let prefix = subfolder.isEmpty ? "" : subfolder + "/"
        return EmbeddedTemplates.files.keys.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
            .map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("/") && !$0.hasPrefix(".") }.sorted()
    }

    /// True when the folder holds the file `relative` (`clinic.json`).
    public func has(_ relative: String) -> Bool {
        isBuiltIn ? EmbeddedTemplates.files[relative] != nil : FileSystem.exists("\(directory)/\(relative)")
    }

    /// The Templates folder, the first of these that holds a `clinic.json`:
    /// 1. `$HEALTHLOG_TEMPLATES`;
    /// 2. the user's own, `$XDG_DATA_HOME/healthlog/Templates`, else `~/.local/share/healthlog/Templates`;
    /// 3. beside or above the executable, as `Templates` (a checkout's `.build/release/healthlog`
    ///    finds the repository's) or `share/healthlog/Templates` (an installed `PREFIX/bin/healthlog`
    ///    finds `PREFIX/share/healthlog/Templates`), up to five folders up;
    /// 4. `/usr/local/share/healthlog/Templates`, then `/usr/share/healthlog/Templates`.
    /// 5. else the copy compiled into the program (``builtIn``): a lone program runs.
    public static func locate(environment: [String: String]) throws(TemplateError) -> TemplatesFolder {
        all(environment: environment).first ?? .builtIn
    }

    /// Every Templates folder there is, in the order of ``locate(environment:)``, the built-in
    /// copy last: the command line takes its words from the first whose strings have them (a
    /// folder of one's own may be older than they are).
    public static func all(environment: [String: String]) -> [TemplatesFolder] {
        var seen: Set<String> = []
        return candidates(environment: environment).filter { FileSystem.exists($0 + "/clinic.json") && seen.insert($0).inserted }
            .map(TemplatesFolder.init(directory:)) + [.builtIn]
    }

    private static func candidates(environment: [String: String]) -> [String] {
        var candidates: [String] = []
        if let explicit = environment["HEALTHLOG_TEMPLATES"], !explicit.isEmpty { candidates.append(explicit) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            candidates.append(data + "/healthlog/Templates")
        } else if let home = HomeFolder.path(environment: environment) {
            candidates.append(home + "/.local/share/healthlog/Templates")
        }
        var directory = executableDirectory()
        for _ in 0..<5 {
            candidates.append(directory + "/Templates")
            candidates.append(directory + "/share/healthlog/Templates")
            directory = FileSystem.parentDirectory(of: directory)
        }
        candidates += ["/usr/local/share/healthlog/Templates", "/usr/share/healthlog/Templates"]
        return candidates
    }

    /// The JSON document at `path`, read with the bounded reader.
    public static func document(at path: String) throws(TemplateError) -> JSONValue {
        let bytes: [UInt8]
        do throws(FileBytes.ReadError) {
            if path.hasPrefix(builtInDirectory + "/") {
                guard let text = EmbeddedTemplates.files[String(path.dropFirst(builtInDirectory.count + 1))] else {
                    throw FileBytes.ReadError(path: path, reason: Phrase("it does not exist"), isMissing: true)
                }
                bytes = Array(text.utf8)
            } else {
                bytes = try FileBytes.read(path)
            }
        } catch {
            throw .file(
                path: path, key: TemplateError.wholeFile,
                reason: error.isMissing ? Phrase("it does not exist") : Phrase("it cannot be read: {reason}", terms: ["reason": error.reason]))
        }
        do {
            let reader = JSONReader(bytes: bytes)
            let value = try reader.readValue()
            guard try reader.atEnd() else { throw JSONSyntaxError(line: reader.line, offset: reader.offset, message: "text after the end") }
            return value
        } catch let error as JSONSyntaxError {
            throw .file(path: path, key: TemplateError.wholeFile, reason: Phrase("it is not valid JSON ({error})", ["error": "\(error)"]))
        } catch {
            throw .file(path: path, key: TemplateError.wholeFile, reason: Phrase("it cannot be read: {reason}", terms: ["reason": Phrase(verbatim: "\(error)")]))
        }
    }

    /// Turns a field's ``ValidationError`` from ``JSONFields`` into one that names the file and
    /// key (its sentence names the key already: `'page.width' must be a number`).
    public static func fileError(_ error: ValidationError, path: String) -> TemplateError {
        .file(path: path, key: error.phrase.values["key"] ?? TemplateError.wholeFile, reason: error.phrase)
    }

    private static func executableDirectory() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        guard count > 0 else { return "." }
        return FileSystem.parentDirectory(of: String(decoding: buffer[0..<count], as: UTF8.self))
    }
}
