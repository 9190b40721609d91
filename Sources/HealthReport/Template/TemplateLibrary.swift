#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import HealthCore

/// Finds and loads report templates and strings from the `Templates` folder.
public struct TemplateLibrary: Sendable {
    public let folder: TemplatesFolder

    /// The folder holding `clinic.json`, `summary.json` and `strings/`.
    public var directory: String { folder.directory }

    public init(directory: String) {
        folder = TemplatesFolder(directory: directory)
    }

    public init(folder: TemplatesFolder) {
        self.folder = folder
    }

    /// The library in the Templates folder HealthLog finds (see ``TemplatesFolder/locate(environment:)``).
    public static func locate(environment: [String: String]) throws(ReportError) -> TemplateLibrary {
        do { return TemplateLibrary(folder: try TemplatesFolder.locate(environment: environment)) } catch { throw ReportError(error) }
    }

    /// The names of the templates in the folder, e.g. `["clinic", "summary"]`.
    public func templateNames() -> [String] {
        folder.names(in: "", endingIn: ".json").map { String($0.dropLast(5)) }
    }

    /// The template called `nameOrPath`: a name in the folder, or a path to a `.json` file.
    public func template(_ nameOrPath: String) throws(ReportError) -> ReportTemplate {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        let file = isPath ? nameOrPath : "\(directory)/\(nameOrPath).json"
        if !isPath && !folder.has("\(nameOrPath).json") {
            throw .unknownTemplate(name: nameOrPath, available: templateNames())
        }
        let template: ReportTemplate
        do {
            template = try ReportTemplate(try TemplatesFolder.document(at: file))
        } catch let error as TemplateError {
            throw ReportError(error)
        } catch let error as ValidationError {
            throw ReportError(TemplatesFolder.fileError(error, path: file))
        } catch {
            throw .template(file: file, key: TemplateError.wholeFile, reason: Phrase(verbatim: "\(error)"))
        }
        try template.validate(file: file)
        return template
    }

    /// The strings for `language`.
    public func strings(_ language: Language) throws(ReportError) -> StringTable {
        do { return try StringTable.load(language, from: folder) } catch { throw ReportError(error) }
    }
}

extension ReportError {
    /// A template or strings file error, as the renderer reports it.
    public init(_ error: TemplateError) {
        switch error {
        case .folderMissing(let searched): self = .templatesMissing(searched: searched)
        case .file(let path, let key, let reason): self = .template(file: path, key: key, reason: reason)
        }
    }
}
