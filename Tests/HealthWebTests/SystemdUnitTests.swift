import Foundation
import Testing

/// The systemd user unit that starts the page at login (`systemctl --user enable --now
/// healthlog`), as `make install` and the Debian package (`make_deb.sh`, PREFIX=/usr) ship it.
@Suite struct SystemdUnitTests {
    /// Runs `program` with `arguments` and `environment` (added to a bare PATH): its status and
    /// what it wrote to each stream.
    private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = repository
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let output = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: output.file("out"), contents: nil))
        #expect(FileManager.default.createFile(atPath: output.file("err"), contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.file("out")))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.file("err")))
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: output.file("out"), encoding: .utf8), try String(contentsOfFile: output.file("err"), encoding: .utf8))
    }

    /// `install.sh install` into `root` with `prefix` (what `make install` passes): the unit's text.
    private func installedUnit(root: String, prefix: String) throws -> String {
        let installed = try run("/bin/bash", ["Tests/Scripts/install.sh", "install", try healthlogExecutable(), root], environment: ["PREFIX": prefix])
        try #require(installed.status == 0, "install.sh failed: \(installed.errors)")
        return try String(contentsOfFile: root + "/lib/systemd/user/healthlog.service", encoding: .utf8)
    }

    /// The values of `key` in `section` of a unit file.
    private func values(_ unit: String, _ section: String, _ key: String) -> [String] {
        var current = ""
        var found: [String] = []
        for line in unit.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
            if line.hasPrefix("[") { current = line }
            if current == "[\(section)]", line.hasPrefix(key + "=") { found.append(String(line.dropFirst(key.count + 1))) }
        }
        return found
    }

    @Test func theUnitStartsTheInstalledProgramAtLogin() throws {
        let folder = TemporaryDirectory()
        let root = folder.file("usr")
        let unit = try installedUnit(root: root, prefix: root)
        #expect(values(unit, "Service", "ExecStart") == ["\(root)/bin/healthlog serve --listen 0.0.0.0:8421"], "ExecStart names the installed program")
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/healthlog"))
        #expect(values(unit, "Install", "WantedBy") == ["default.target"], "enable starts it at every login")
        #expect(!unit.contains("@BINDIR@"), "every placeholder is filled in")
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/lib/systemd/user/healthlog.service")[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func theDebianPackagesUnitStartsUsrBinHealthlog() throws {
        // make_deb.sh installs into its package's root with PREFIX=/usr, as here.
        let folder = TemporaryDirectory()
        let unit = try installedUnit(root: folder.file("root/usr"), prefix: "/usr")
        #expect(values(unit, "Service", "ExecStart") == ["/usr/bin/healthlog serve --listen 0.0.0.0:8421"])
        let script = try String(contentsOf: repository.appendingPathComponent("Tests/Scripts/make_deb.sh"), encoding: .utf8)
        #expect(script.contains(#"PREFIX=/usr Tests/Scripts/install.sh install "$bin" "$root/usr""#), "make_deb.sh installs as this test does")
    }

    /// systemd's own check of the installed unit: every key known and well formed, the program
    /// there and executable, and `Documentation=man:healthlog(1)` found in the installed manual.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
    func systemdAnalyzeVerifiesTheInstalledUnit() throws {
        let folder = TemporaryDirectory()
        let root = folder.file("usr")
        _ = try installedUnit(root: root, prefix: root)
        let runtime = folder.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let verified = try run(
            "/usr/bin/systemd-analyze", ["--user", "verify", root + "/lib/systemd/user/healthlog.service"],
            environment: ["XDG_RUNTIME_DIR": runtime, "HOME": folder.path, "MANPATH": root + "/share/man"])
        #expect(verified.status == 0 && verified.errors.isEmpty, "systemd-analyze: \(verified.errors)")
    }

    /// A user unit is started by the user's own manager, which knows only user units: ordering
    /// after or wanting a system unit (network-online.target) is silently never met, and
    /// `verify` does not say so. Every unit the unit names is on the user manager's search path,
    /// as `systemd-analyze --user unit-paths` gives it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")))
    func theUnitNamesOnlyUnitsTheUserManagerHas() throws {
        let folder = TemporaryDirectory()
        let unit = try installedUnit(root: folder.file("usr"), prefix: folder.file("usr"))
        let runtime = folder.file("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let paths = try run("/usr/bin/systemd-analyze", ["--user", "unit-paths"], environment: ["XDG_RUNTIME_DIR": runtime, "HOME": folder.path])
        try #require(paths.status == 0, "systemd-analyze --user unit-paths: \(paths.errors)")
        let directories = paths.output.split(separator: "\n").map(String.init)
        let dependencies = ["After", "Before", "Wants", "Requires", "Requisite", "BindsTo", "PartOf", "Upholds"]
            .flatMap { values(unit, "Unit", $0) } + values(unit, "Install", "WantedBy")
        let named = dependencies.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(!named.isEmpty, "the unit names default.target at least")
        for name in named {
            #expect(directories.contains { FileManager.default.fileExists(atPath: $0 + "/" + name) }, "\(name) is not a user unit")
        }
    }
}
