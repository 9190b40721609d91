import PackagePlugin

/// Keeps the layers in every build, not only `make`'s: each target's Swift files may import
/// only the package's modules its `Package.swift` entry depends on (a plain `swift build` or
/// an IDE would otherwise let `import HealthRecords` into the CLI). Modules from outside the
/// package (Foundation, Glibc, Testing) are not this check's business.
@main
struct ImportLayering: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let allowed = module.dependencies.flatMap { dependency -> [String] in
            switch dependency {
            case .target(let target): [target.name]
            case .product(let product): product.targets.map(\.name)
            @unknown default: []
            }
        }
        let local = context.package.targets.map(\.name)
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        // The command's output is an empty Swift file in the target, so the check runs before it compiles.
        let stamp = context.pluginWorkDirectoryURL.appending(path: "ImportLayering-\(target.name).swift")
        var arguments = ["--target", target.name, "--output", stamp.path]
        for name in local { arguments += ["--local", name] }
        for name in allowed { arguments += ["--allowed", name] }
        arguments += ["--"] + sources.map(\.path)
        return [
            .buildCommand(
                displayName: "Checking the imports of \(target.name)", executable: try context.tool(named: "import-layering-check").url,
                arguments: arguments, inputFiles: sources, outputFiles: [stamp])
        ]
    }
}
