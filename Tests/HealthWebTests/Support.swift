import Foundation
@_exported import HealthLogTestSupport
import Testing

/// The repository's root.
let repository = URL(fileURLWithPath: repositoryPath)

/// Runs one of the Python scripts in `Browser/` with Debian's Python (`/usr/bin/python3`, which
/// has python3-selenium): each `not ok - …` line it prints is a failure here, and so is any
/// other ending than exit 0.
/// Returns how many checks the script passed.
@discardableResult
func runPageScript(_ script: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    let folder = repository.appendingPathComponent("Tests/HealthWebTests/Browser")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [folder.appendingPathComponent(script).path] + arguments
    process.currentDirectoryURL = folder
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorText = PipeDrain(errors.fileHandleForReading)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n")
    for line in lines where line.hasPrefix("not ok") {
        Issue.record("\(script): \(line)", sourceLocation: sourceLocation)
    }
    #expect(lines.contains { $0.hasPrefix("ok - ") }, "\(script) checked nothing", sourceLocation: sourceLocation)
    #expect(process.terminationStatus == 0, "\(script) ended with \(process.terminationStatus): \(String(decoding: errorText.wait(), as: UTF8.self).suffix(3000))", sourceLocation: sourceLocation)
    return lines.filter { $0.hasPrefix("ok - ") }.count
}
