#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import FoundationEssentials
import HealthCore

/// Finds and loads templates and strings from the `Templates` folder.
public struct TemplateLibrary: Sendable {
    /// The folder holding `clinic.json`, `summary.json` and `strings/`.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The Templates folder: `$HEALTHLOG_TEMPLATES`, else a `Templates` folder beside or above the
    /// executable (a checkout's `.build/release/healthlog` finds the repository's), else
    /// `/usr/local/share/healthlog/Templates` or `/usr/share/healthlog/Templates`.
    public static func locate(environment: [String: String]) throws(ReportError) -> TemplateLibrary {
        var candidates: [String] = []
        if let explicit = environment["HEALTHLOG_TEMPLATES"], !explicit.isEmpty { candidates.append(explicit) }
        var directory = executableDirectory()
        for _ in 0..<5 {
            candidates.append(directory + "/Templates")
            candidates.append(directory + "/share/healthlog/Templates")
            directory = FileSystem.parentDirectory(of: directory)
        }
        candidates += ["/usr/local/share/healthlog/Templates", "/usr/share/healthlog/Templates"]
        for candidate in candidates where FileSystem.exists(candidate + "/clinic.json") {
            return TemplateLibrary(directory: candidate)
        }
        throw .templatesMissing(searched: Array(candidates.prefix(3)) + ["…"])
    }

    /// The names of the templates in the folder, e.g. `["clinic", "summary"]`.
    public func templateNames() -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json") { names.append(String(name.dropLast(5))) }
        }
        return names.sorted()
    }

    /// The template called `nameOrPath`: a name in the folder, or a path to a `.json` file.
    public func template(_ nameOrPath: String) throws(ReportError) -> ReportTemplate {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        let file = isPath ? nameOrPath : "\(directory)/\(nameOrPath).json"
        if !isPath && !FileSystem.exists(file) {
            throw .unknownTemplate(name: nameOrPath, available: templateNames())
        }
        let template: ReportTemplate = try decode(file)
        try template.validate(file: file)
        return template
    }

    /// The strings for `language` (`en` or `zh-Hans`).
    public func strings(_ language: String) throws(ReportError) -> ReportStrings {
        let file = "\(directory)/strings/\(language).json"
        let strings: ReportStrings = try decode(file)
        try strings.validate(file: file)
        return strings
    }

    private func decode<T: Decodable>(_ file: String) throws(ReportError) -> T {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
        } catch {
            throw .template(file: file, key: "(file)", reason: error.isMissing ? "does not exist" : "cannot be read: \(error.reason)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw templateError(error, file: file)
        }
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
