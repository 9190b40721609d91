import Foundation
import PackagePlugin

/// Compiles the Templates folder's JSON files (report templates, string tables, the medicine
/// list) into the target, so that a lone `healthlog` runs with no folder installed; an installed
/// or user's own folder is read first. The page's files (`web/`) are HealthWeb's own.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Templates")
        var files: [URL] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let relative = url.path.dropFirst(root.path.count + 1)
            guard url.pathExtension == "json", !relative.hasPrefix("web/"), !url.lastPathComponent.hasPrefix(".") else { continue }
            files.append(url)
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding the Templates folder in \(target.name)", executable: try context.tool(named: "embed-web-assets").url,
                arguments: ["--templates", root.path, output.path] + files.map(\.path), inputFiles: files, outputFiles: [output])
        ]
    }
}
